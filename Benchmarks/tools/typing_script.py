#!/usr/bin/env python3
"""Write a deterministic typing script for ../shared/tools/evtype.py: random words and sentences with typos
corrected by {BS}, and caret trips ({LEFT}…, a word, {RIGHT}…) that come back to where they left.

The same --seed and --keys always give the same script (Python's random.Random is stable across versions
for these calls). The caret never moves left of the text this script typed, so a recording made from it
edits the same way at the middle of any document.

  typing_script.py --keys 240000 --seed 6 > typing.txt
  python3 ../shared/tools/evtype.py --raw - < typing.txt > typing.raw
"""
import argparse
import random
import sys

WORDS = """the of and to in is you that it he was for on are as with his they at be this have from or one had
by word but not what all were we when your can said there use an each which she do how their if will up other
about out many then them these so some her would make like him into time has look two more write go see number
no way could people my than first water been call who oil its now find long down day did get come made may part
keyboard text caret field layout emoji proxy context marked selection document input view controller frame
notification height device portrait landscape predictive return globe swift linux daemon replay socket""".split()

PUNCTUATION = [",", ",", ";", ":", " -"]


def script(keys: int, seed: int) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    count = 0  # keystrokes so far (a capital counts one; evtype adds the Shift events)
    typed_since_start = 0  # characters typed, a bound for {LEFT} trips
    sentence_start = True

    def emit(token: str, strokes: int = 1) -> None:
        nonlocal count
        out.append(token)
        count += strokes

    while count < keys:
        word = rng.choice(WORDS)
        if sentence_start:
            word = word[0].upper() + word[1:]
            sentence_start = False
        roll = rng.random()
        if roll < 0.08:
            # A typo: one to three wrong letters, then as many backspaces.
            cut = rng.randrange(1, len(word) + 1)
            wrong = "".join(rng.choice("qwertyuiopasdfghjklzxcvbnm") for _ in range(rng.randrange(1, 4)))
            for ch in word[:cut] + wrong:
                emit(ch)
            emit("{BS}" * len(wrong), len(wrong))
            for ch in word[cut:]:
                emit(ch)
        elif roll < 0.12 and typed_since_start > 40:
            # A caret trip: back a few characters, insert a word, forward again.
            back = rng.randrange(1, 12)
            emit("{LEFT}" * back, back)
            insert = rng.choice(WORDS) + " "
            for ch in insert:
                emit(ch)
            typed_since_start += len(insert)
            emit("{RIGHT}" * back, back)
            for ch in word:
                emit(ch)
        elif roll < 0.14:
            # Delete the previous word and its space (backspace held as separate taps).
            for ch in word + " ":
                emit(ch)
            emit("{BS}" * (len(word) + 1), len(word) + 1)
            continue
        else:
            for ch in word:
                emit(ch)
        typed_since_start += len(word)
        roll = rng.random()
        if roll < 0.07:
            emit(".")
            emit("\n" if rng.random() < 0.3 else " ")
            sentence_start = True
        elif roll < 0.12:
            emit(rng.choice(PUNCTUATION))
            emit(" ")
        else:
            emit(" ")
        typed_since_start += 2
    return "".join(out).replace("\n", "{ENTER}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=1000, help="about this many keystrokes (default 1000)")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    if args.keys < 0:
        parser.error("--keys must be at least 0")
    sys.stdout.write(script(args.keys, args.seed))


if __name__ == "__main__":
    main()
