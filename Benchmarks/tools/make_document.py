#!/usr/bin/env python3
"""Write a deterministic ASCII prose document of exactly --bytes bytes: sentences of common words in lines
of 40-100 characters, a blank line between paragraphs. The benchmark's 1 KB, 1 MB and 50 MB documents.

  make_document.py --bytes 1000000 --seed 6 > doc-1m.txt
"""
import argparse
import random
import sys

WORDS = """the of and to in is you that it he was for on are as with his they at be this have from or one had
by word but not what all were we when your can said there use an each which she do how their if will up other
about out many then them these so some her would make like him into time has look two more write go see number
no way could people my than first water been call who oil its now find long down day did get come made may part
""".split()


def document(size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    # Build one 64 KiB block of lines and repeat it, so 50 MB stays fast to make.
    lines = []
    length = 0
    while length < 65536:
        words = []
        width = rng.randrange(40, 100)
        line_length = 0
        while line_length < width:
            word = rng.choice(WORDS)
            words.append(word)
            line_length += len(word) + 1
        line = " ".join(words)
        line = line[0].upper() + line[1:] + "."
        if rng.random() < 0.2:
            line += "\n"
        lines.append(line + "\n")
        length += len(line) + 1
    block = "".join(lines).encode()
    out = bytearray()
    while len(out) < size:
        out += block
    out = out[:size]
    if size > 0:
        out[-1:] = b"\n"
    return bytes(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bytes", type=int, required=True)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    if args.bytes < 0:
        parser.error("--bytes must be at least 0")
    sys.stdout.buffer.write(document(args.bytes, args.seed))


if __name__ == "__main__":
    main()
