#!/usr/bin/env python3
"""A fleet of daemons, as a CI box runs them: N `keyboardd serve --stdio` processes started at once, each
sent a `state` request before it runs; reports how many answered, the p50/p99 time from exec to the
answer, and the resident memory of each (VmRSS, read from /proc while all N are idle after answering).

    fleet.py KEYBOARDD [--count 100]

Prints one JSON object: count, answered, p50ReadyMilliseconds, p99ReadyMilliseconds, totalRSSMiB,
meanRSSMiB, maxRSSMiB.
"""
import argparse, json, os, select, subprocess, sys, time

REQUEST = b'{"jsonrpc":"2.0","id":1,"method":"state"}\n'


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("keyboardd")
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    if not 1 <= args.count <= 1000:
        parser.error("--count 1…1000")

    processes, started = [], []
    for _ in range(args.count):
        started.append(time.perf_counter())
        process = subprocess.Popen([args.keyboardd, "serve", "--stdio"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        process.stdin.write(REQUEST)
        processes.append(process)
    ready = [None] * args.count
    pending = {process.stdout.fileno(): index for index, process in enumerate(processes)}
    buffers = {fd: b"" for fd in pending}
    deadline = time.perf_counter() + 120
    while pending and time.perf_counter() < deadline:
        readable, _, _ = select.select(list(pending), [], [], 1.0)
        now = time.perf_counter()
        for fd in readable:
            chunk = os.read(fd, 65536)
            index = pending[fd]
            if not chunk:
                del pending[fd]
                continue
            buffers[fd] += chunk
            if b"\n" in buffers[fd]:
                ready[index] = (now - started[index]) * 1e3
                del pending[fd]
    memory = [rss_kib(process.pid) for process in processes]
    for process in processes:
        try:
            process.stdin.close()
        except OSError:
            pass
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    times = sorted(t for t in ready if t is not None)
    sizes = [m for m in memory if m is not None]

    def percentile(values, share):
        return values[min(len(values) - 1, int(round(share * (len(values) - 1))))] if values else None

    print(json.dumps({
        "count": args.count, "answered": len(times),
        "p50ReadyMilliseconds": percentile(times, 0.5), "p99ReadyMilliseconds": percentile(times, 0.99),
        "totalRSSMiB": sum(sizes) / 1024, "meanRSSMiB": (sum(sizes) / len(sizes) / 1024) if sizes else None,
        "maxRSSMiB": (max(sizes) / 1024) if sizes else None,
    }))
    return 0 if len(times) == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
