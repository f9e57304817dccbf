#!/usr/bin/env python3
"""Count a raw recording's events and keystrokes (presses of non-modifier keys), as JSON.

  keystrokes.py typing.raw   ->   {"events": 1520928, "keystrokes": 250418}
"""
import json
import struct
import sys

MODIFIERS = {29, 42, 54, 56, 97, 100, 125, 126}  # Ctrl, Shift, Alt, AltGr, Super (left and right)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: keystrokes.py RAW_RECORDING")
    data = open(sys.argv[1], "rb").read()
    if len(data) % 24:
        sys.exit(f"keystrokes: {sys.argv[1]}: {len(data)} bytes is not a whole number of 24-byte records")
    keystrokes = sum(1 for _, _, kind, code, value in struct.iter_unpack("=qqHHi", data)
                     if kind == 1 and value == 1 and code not in MODIFIERS)
    print(json.dumps({"events": len(data) // 24, "keystrokes": keystrokes}))


if __name__ == "__main__":
    main()
