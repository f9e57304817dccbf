#!/usr/bin/env python3
"""Turn Benchmarks/run's results into the figures table: print it, and with --write replace the part of
BENCHMARKS.md between the `benchmark-results` markers (the prose around them is kept).

  report.py --results DIR --sizes "1000 1000000 50000000" --keyboardd PATH [--quick] [--write BENCHMARKS.md]
"""
import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
from pathlib import Path

BEGIN, END = "<!-- benchmark-results:begin -->", "<!-- benchmark-results:end -->"


def load(directory: Path, name: str):
    path = directory / name
    if not path.exists():
        return None
    text = path.read_text().strip()
    if not text:
        return None
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def size_name(size: int) -> str:
    for unit, scale in (("MB", 1_000_000), ("KB", 1_000)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} B"


def verdict(ok) -> str:
    return "—" if ok is None else ("**pass**" if ok else "**FAIL**")


def machine() -> list[str]:
    def run(*command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            return ""
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown")
    memory = next((int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal")), 0)
    os_name = next((line.split("=", 1)[1].strip('"') for line in Path("/etc/os-release").read_text().splitlines()
                    if line.startswith("PRETTY_NAME=")), platform.system())
    swift = run("swift", "--version").splitlines()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return [
        f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- CPU: {cpu}, {os.cpu_count()} logical cores (`nproc`: {run('nproc')})",
        f"- Memory: {memory / 1024 / 1024:.1f} GiB",
        f"- OS: {os_name}, Linux {platform.release()}",
        f"- Swift: {swift[0] if swift else 'unknown'}; C: {run('cc', '--version').splitlines()[0] if run('cc', '--version') else 'unknown'}; "
        f"libxkbcommon {run('pkg-config', '--modversion', 'xkbcommon')}",
        f"- Load average when the report was written (1, 5, 15 min): {load}",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", required=True, type=Path)
    parser.add_argument("--sizes", required=True)
    parser.add_argument("--keyboardd", default="keyboardd")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    r = args.results
    sizes = [int(s) for s in args.sizes.split()]
    small, large = sizes[0], sizes[-1]
    rows = []  # (figure, measured, goal, verdict)

    # Replay throughput.
    swift, c, typing = load(r, "replay-swift.jsonl"), load(r, "replay-c.jsonl"), load(r, "typing.json")
    if swift and c and typing:
        events = typing["events"]
        s_cpu = statistics.median(x["cpuSeconds"] for x in swift)
        c_cpu = statistics.median(x["cpuSeconds"] for x in c)
        s_wall = statistics.median(x["seconds"] for x in swift)
        c_wall = statistics.median(x["seconds"] for x in c)
        same = (r / "replay-same-text").read_text().strip() == "true"
        ratio = c_cpu / s_cpu
        rows.append((f"Replay throughput: `keyboardd replay`, {events:,} events ({typing['keystrokes']:,} keystrokes)",
                     f"{events / s_cpu / 1e6:.2f} M events/s CPU ({s_cpu:.3f} s; wall {s_wall:.3f} s)", "—", "—"))
        rows.append(("Replay throughput: C program (`Benchmarks/c/xkb_replay.c`), same file",
                     f"{events / c_cpu / 1e6:.2f} M events/s CPU ({c_cpu:.3f} s; wall {c_wall:.3f} s)", "—", "—"))
        rows.append(("Replay speed, keyboardd ÷ C" + ("" if same else " (**the two printed different text**)"),
                     f"{ratio:.2f}× (wall: {c_wall / s_wall:.2f}×)", "≥ 2.0×", verdict(ratio >= 2.0 and same)))
        # A keyboard of the user's against the built-in one: the same recording, the same text, its time ÷ ours.
        for name, label in (
            ("user", "Replay through a user's controller overriding `pressesBegan` (`Benchmarks/Sources/user-keyboardd`), same file"),
            ("plain", "Replay through a user's controller that leaves hardware keys to the system (hosting alone: "
                      "`USER_KEYBOARDD_KEYBOARD=plain`), same file"),
        ):
            runs = load(r, f"replay-{name}.jsonl")
            if not runs:
                continue
            cpu = statistics.median(x["cpuSeconds"] for x in runs)
            same_text = (r / f"replay-{name}-same-text").read_text().strip() == "true"
            cost = cpu / s_cpu
            rows.append((label + ("" if same_text else " (**printed different text**)"),
                         f"{events / cpu / 1e6:.2f} M events/s CPU ({cpu:.3f} s); {cost:.2f}× the built-in keyboard's time",
                         "≤ 1.1×", verdict(cost <= 1.1 and same_text)))

    # Edit cost vs document size.
    edit = load(r, "edit.json")
    if edit:
        cost = {}
        for size in sizes:
            base, run = load(r, f"edit-base-{size}.json"), load(r, f"edit-{size}.json")
            if run and "loopCPUSeconds" in run:
                # The replay's own timing of its event loop: the keystrokes alone, without loading and printing
                # the document, whose run-to-run noise at 50 MB is larger than all the edits together.
                cost[size] = (run["loopCPUSeconds"] / edit["keystrokes"] * 1e6, run["loopSeconds"] / edit["keystrokes"] * 1e6)
            elif base and run:
                cost[size] = (max(run["cpuSeconds"] - base["cpuSeconds"], 0) / edit["keystrokes"] * 1e6,
                              max(run["seconds"] - base["seconds"], 0) / edit["keystrokes"] * 1e6)
        for size in sizes:
            if size not in cost:
                continue
            measured = f"{cost[size][0]:.2f} µs/keystroke CPU (wall {cost[size][1]:.2f})"
            if size == small or small not in cost or cost[small][0] == 0:
                rows.append((f"Edit cost, {edit['keystrokes']:,} keystrokes at the middle of {size_name(size)}",
                             measured, "reference", "—"))
            elif cost[size][0] == 0:
                # The edits cost less than the run-to-run noise of loading the document: no figure, no verdict.
                rows.append((f"Edit cost at the middle of {size_name(size)}",
                             "not measurable: the edit run was no slower than loading the document alone "
                             "(the difference is below the load's run-to-run noise; raise --runs)",
                             f"≤ 1.5× {size_name(small)}" if size == large else "—", "—"))
            else:
                ratio = cost[size][0] / cost[small][0]
                ok = ratio <= 1.5 if size == large else None
                rows.append((f"Edit cost at the middle of {size_name(size)}", f"{measured}; {ratio:.2f}× {size_name(small)}",
                             f"≤ 1.5× {size_name(small)}" if size == large else "—", verdict(ok)))

    # Context reads vs document size (and in-process edits, for reference).
    context = {size: load(r, f"context-{size}.json") for size in sizes}
    if all(context.values()):
        base = context[small]["nsPerOperation"]
        for size in sizes:
            ns = context[size]["nsPerOperation"]
            if size == small:
                rows.append((f"Context read (proxy `documentContextBeforeInput` + `…AfterInput`), caret at the middle of {size_name(size)}",
                             f"{ns / 1000:.2f} µs/read pair", "reference", "—"))
            else:
                ratio = ns / base
                rows.append((f"Context read at the middle of {size_name(size)}", f"{ns / 1000:.2f} µs; {ratio:.2f}× {size_name(small)}",
                             f"≤ 1.5× {size_name(small)}" if size == large else "—", verdict(ratio <= 1.5) if size == large else "—"))
    inprocess = {size: load(r, f"inprocess-edit-{size}.json") for size in sizes}
    if all(inprocess.values()):
        parts = [f"{size_name(s)} {inprocess[s]['nsPerOperation'] / 1000:.2f} µs" for s in sizes]
        ratio = inprocess[large]["nsPerOperation"] / inprocess[small]["nsPerOperation"]
        rows.append(("Edit cost in process (proxy insert/delete/move at the middle, no xkb)",
                     "; ".join(parts) + f" ({ratio:.2f}×)", "≤ 1.5×", verdict(ratio <= 1.5)))

    # Start-up and layout switch.
    startup = load(r, "startup.json")
    if startup:
        ms = startup["readyMilliseconds"]
        rows.append(("Start-up: exec → first `state` response of `serve --stdio` (the enabled layout parsed, keymap compiled)",
                     f"{ms:.1f} ms (min {startup['minMilliseconds']:.1f}; exec of /bin/true {startup['execFloorMilliseconds']:.1f})",
                     "≤ 10 ms", verdict(ms <= 10)))
    replay_start = load(r, "startup-replay.json")
    if replay_start:
        ms = replay_start["seconds"] * 1e3
        rows.append(("For comparison: `keyboardd replay` of an empty recording, exec → exit (the same initialisation with only the enabled layout parsed, plus exit)",
                     f"{ms:.1f} ms wall (CPU {replay_start['cpuSeconds'] * 1e3:.1f} ms on 2 threads)", "—", "—"))
    switch = load(r, "switch.json")
    if switch:
        ms = switch["switchMilliseconds"]
        rows.append(("Cached layout switch (`switchLayout` round trip − empty round trip)",
                     f"{ms:.3f} ms ({switch['switchRoundTripMilliseconds']:.3f} − {switch['emptyRoundTripMilliseconds']:.3f})",
                     "< 1 ms", verdict(ms < 1)))

    state = load(r, "state.json")
    if state:
        rate = state["medianMegabytesPerSecond"]
        rows.append((f"`state` of a {state['documentBytes'] / 1e6:.0f} MB document over the socket, request → last byte of the answer",
                     f"{rate:.0f} MB/s median (best {state['bestMegabytesPerSecond']:.0f}; server CPU {state['serverCPUSecondsPerState'] * 1e3:.0f} ms)",
                     "≥ 200 MB/s", verdict(rate >= 200)))

    # Memory.
    memory = load(r, f"edit-{large}.json")
    if memory:
        peak = memory["peakRSSKiB"] * 1024
        ratio = peak / large
        rows.append((f"Peak RSS, `replay` with a {size_name(large)} document",
                     f"{peak / 1e6:.1f} MB = {ratio:.2f}× the document", "≤ 1.25×", verdict(ratio <= 1.25)))

    # Socket.
    socket = load(r, "socket.json")
    if socket:
        ok = socket["errors"] == 0
        rows.append((f"Socket: {socket['clients']} clients × {socket['calls'] // socket['clients']:,} `insertText` calls",
                     f"{socket['callsPerSecond']:,.0f} calls/s; p50 {socket['p50Microseconds']:.0f} µs, "
                     f"p99 {socket['p99Microseconds']:.0f} µs (max {socket['maxMicroseconds'] / 1000:.1f} ms)"
                     + ("" if ok else f"; {socket['errors']} errors"),
                     "reported (no errors)", verdict(ok)))

    # The terminal UI.
    tui = load(r, "tui.json")
    if tui:
        share = tui["bytesPerKey"] / max(1, tui["fullFrameBytes"])
        rows.append((f"Interactive session: bytes written per typed key, {tui['columns']}×{tui['rows']} screen ({tui['keys']} keys)",
                     f"{tui['bytesPerKey']:.0f} B (p50 {tui['p50']}, max {tui['max']}); first full frame {tui['fullFrameBytes']:,} B = {share:.1%}",
                     "≤ 10 % of a full frame", verdict(share <= 0.10)))

    fleet = load(r, "fleet.json")
    if fleet:
        ok = fleet["answered"] == fleet["count"] and fleet["meanRSSMiB"] * 1.048576 <= 16
        rows.append((f"Fleet: {fleet['count']} `serve --stdio` started at once, each asked `state`",
                     f"{fleet['answered']}/{fleet['count']} answered; ready p50 {fleet['p50ReadyMilliseconds']:.0f} ms, "
                     f"p99 {fleet['p99ReadyMilliseconds']:.0f} ms; RSS {fleet['totalRSSMiB']:.0f} MiB in all, "
                     f"{fleet['meanRSSMiB']:.1f} MiB each (max {fleet['maxRSSMiB']:.1f})",
                     "all answer; ≤ 16 MB each", verdict(ok)))

    # A user's tests (tester-bench in debug and release; the generated user package).
    def tester(configuration):
        path = r / f"tester-{configuration}.txt"
        if not path.exists():
            return None
        figures = {}
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "µs":
                figures[parts[0]] = float(parts[1])
        return figures or None
    debug, release = tester("debug"), tester("release")
    if debug or release:
        def both(name):
            return "; ".join(f"{c} {f[name]:.0f} µs" for c, f in (("debug", debug), ("release", release)) if f and name in f)
        if debug and "proxy-test" in debug:
            rows.append(("A proxy test: make a `KeyboardTester`, focus a field, 11 taps through the proxy (`tester-bench`, thread CPU)",
                         both("proxy-test"), "≤ 40 µs debug", verdict(debug["proxy-test"] <= 40)))
        if debug and "hardware-test" in debug:
            rows.append(("A hardware-key test: the same with `typeKeys(\"hello world\", layout: \"us\")`",
                         both("hardware-test"), "≤ 200 µs debug", verdict(debug["hardware-test"] <= 200)))
            rows.append(("The process's first hardware-key test (the keymap and compose table compiled)",
                         both("first-hardware"), "—", "—"))
        if debug and "appear" in debug:
            rows.append(("One appearance of a 31-button stack-view keyboard, laid out", both("appear"),
                         "not worse", "—"))
    for configuration in ("debug", "release"):
        many = load(r, f"thousand-{configuration}.json")
        if many:
            count = 20 if args.quick else 1000
            rows.append((f"{count:,} hardware-key tests, `swift test --parallel` ({configuration}), wall, process start included",
                         f"{many['seconds']:.2f} s (CPU {many['cpuSeconds']:.2f} s)", "≤ 2 s",
                         verdict(many["seconds"] <= 2.0)))
    cold = load(r, "cold-build.jsonl")
    if cold:
        walls = sorted(x["seconds"] for x in cold)
        wall = statistics.median(walls)
        rows.append(("Cold `swift build --build-tests` of a minimal user test package (`KeyboardTesting` + `KeyboardEmulatorUIKit`), scratch folder removed",
                     f"{wall:.1f} s wall (runs: {', '.join(f'{x:.1f}' for x in walls)}; CPU {statistics.median(x['cpuSeconds'] for x in cold):.1f} s)",
                     "≤ 25 s", verdict(wall <= 25)))

    missed = r / "missed.tsv"
    if missed.exists():
        for line in missed.read_text().splitlines():
            figure, _, why = line.partition("\t")
            why = " ".join(why.split()).replace("|", "\\|")[:200]
            rows.append((f"{figure}", f"not measured: {why}", "see above", "**not measured**"))

    table = ["| Figure | Measured | Goal | Result |", "|---|---|---|---|"]
    table += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    section = [BEGIN, "", "Machine:", ""] + machine() + [""] + (["(quick run: tiny sizes, 1 run each)", ""] if args.quick else []) \
        + table + ["", END]
    text = "\n".join(section)
    print(text)
    if args.write:
        existing = args.write.read_text() if args.write.exists() else ""
        if BEGIN in existing and END in existing:
            updated = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: text, existing, flags=re.S)
        else:
            updated = (existing.rstrip() + "\n\n" if existing else "# Benchmarks\n\n") + text + "\n"
        args.write.write_text(updated)


if __name__ == "__main__":
    main()
