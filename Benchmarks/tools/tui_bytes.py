#!/usr/bin/env python3
"""Bytes the interactive keyboardd writes to its terminal per typed key (a 120×45 screen by default).

Runs `keyboardd --layouts en-US` in a pseudo-terminal of the given size, waits for the first full frame,
then types the keys one at a time, each after the previous frame settled, and counts what the program
writes for each. Prints one JSON object: keys, bytesPerKey (mean), p50, max, fullFrameBytes (the first
frame, for comparison), columns, rows.

    tui_bytes.py KEYBOARDD [--columns 120] [--rows 45] [--keys 120]
"""
import argparse, fcntl, json, os, pty, select, signal, struct, sys, termios, time


def drain(fd, settle):
    """Reads until nothing arrives for `settle` seconds; returns the byte count."""
    total = 0
    while True:
        ready, _, _ = select.select([fd], [], [], settle)
        if not ready:
            return total
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return total
        if not chunk:
            return total
        total += len(chunk)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("keyboardd")
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=45)
    parser.add_argument("--keys", type=int, default=120)
    args = parser.parse_args()
    if not 1 <= args.keys <= 10000 or not 20 <= args.columns <= 1000 or not 10 <= args.rows <= 1000:
        parser.error("--keys 1…10000, --columns 20…1000, --rows 10…1000")

    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("NO_COLOR", None)
        os.execve(args.keyboardd, [args.keyboardd, "--layouts", "en-US", "--no-mouse"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    first = drain(fd, 1.0)
    text = "the quick brown fox jumps over the lazy dog and keeps typing "
    counts = []
    for i in range(args.keys):
        os.write(fd, text[i % len(text)].encode())
        counts.append(drain(fd, 0.08))
    # Ctrl+Q twice: without --file the first asks (the text is not saved), the second quits.
    os.write(fd, b"\x11")
    drain(fd, 0.3)
    os.write(fd, b"\x11")
    drain(fd, 0.3)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    counts.sort()
    print(json.dumps({
        "keys": len(counts), "bytesPerKey": sum(counts) / len(counts), "p50": counts[len(counts) // 2],
        "max": counts[-1], "fullFrameBytes": first, "columns": args.columns, "rows": args.rows,
    }))


if __name__ == "__main__":
    sys.exit(main())
