#!/usr/bin/env python3
"""Run a command several times; print the median wall and CPU times and the peak RSS as one JSON object.

  measure.py --runs 5 [--stdout FILE] [--replay-stats] -- COMMAND ARGS...

Wall time is exec to exit (the whole process, as a user waits for it); CPU time is user + system time
of the process (what it costs, whatever else the machine runs at the time); peak RSS is the command's
VmHWM (its ru_maxrss, read through GNU time: /usr/bin/time, Debian package `time`), in KiB. Standard output goes to FILE (default /dev/null) and is
kept from the last run; a run that exits non-zero stops everything with its standard error. With
--replay-stats the command is a `keyboardd replay --stats`: the medians of the event loop's own CPU and
wall time, from the JSON line it prints last on standard error, are added.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time

TIME = "/usr/bin/time"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--stdout", default=os.devnull)
    parser.add_argument("--replay-stats", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command or args.runs < 1:
        parser.error("give --runs N and a command after --")
    samples, peaks, cpu, loop_cpu, loop_wall = [], [], [], [], []
    for _ in range(args.runs):
        with open(args.stdout, "wb") as out, tempfile.TemporaryFile() as err, \
                tempfile.NamedTemporaryFile() as rss:
            # The kernel records the pre-exec image's high-water RSS in the child's ru_maxrss, so a child
            # exec'd straight from this Python process would report Python's ~15 MB as a floor. GNU time
            # forks from a ~2 MB image: its %M is the command's own peak RSS (VmHWM), in KiB.
            actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                       (os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
            started = time.perf_counter()
            pid = os.posix_spawn(TIME, [TIME, "-f", "%M", "-o", rss.name, "--", *command], os.environ,
                                 file_actions=actions)
            # wait4 reports the child's usage together with the children it reaped (RUSAGE_BOTH): the
            # command's CPU time to the microsecond, plus GNU time's own few hundred microseconds.
            _, status, usage = os.wait4(pid, 0)
            elapsed = time.perf_counter() - started
            err.seek(0)
            error = err.read().decode(errors="replace")
            rss.seek(0)
            report = rss.read().decode().split()
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit(f"measure: {' '.join(command)} exited with {code}: {error[-2000:]}")
        if args.replay_stats:
            stats = json.loads(error.strip().splitlines()[-1])
            loop_cpu.append(stats["loopCPUSeconds"])
            loop_wall.append(stats["loopSeconds"])
        samples.append(elapsed)
        peaks.append(int(report[-1]))
        cpu.append(usage.ru_utime + usage.ru_stime)
    result = {"runs": args.runs, "seconds": statistics.median(samples), "minSeconds": min(samples),
              "samples": [round(s, 4) for s in samples], "cpuSeconds": statistics.median(cpu),
              "peakRSSKiB": max(peaks)}
    if args.replay_stats:
        result["loopCPUSeconds"] = statistics.median(loop_cpu)
        result["loopSeconds"] = statistics.median(loop_wall)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
