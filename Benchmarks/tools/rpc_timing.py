#!/usr/bin/env python3
"""Start-up and layout-switch figures of BENCHMARKS.md, measured against `keyboardd serve --stdio`
(JSON-RPC 2.0, one message per line), as a client sees them.

  rpc_timing.py startup KEYBOARDD [--runs 15]
      time from exec to the first response to a `state` request (written before the process starts
      reading, so the figure includes loading every shipped layout and compiling the default keymap);
      and, for scale, the time to exec /bin/true the same way.
  rpc_timing.py switch KEYBOARDD [--pairs 500]
      with --layouts en-US,de-DE and a focused field (the keyboard up): round trips of `switchLayout`
      between the two (after one warm-up pair, so both keymaps are compiled and cached) minus round trips
      of an empty call (an unknown method, answered by the dispatcher without touching the emulator).

Prints one JSON object. Medians throughout.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


class Server:
    """`keyboardd serve --stdio` with a line-oriented request/response helper."""

    def __init__(self, executable, extra):
        self.process = subprocess.Popen([executable, "serve", "--stdio", *extra], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.stdout = self.process.stdout
        self.next_id = 1
        self.pending = b""

    def send(self, method, params=None):
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        os.write(self.process.stdin.fileno(), (json.dumps(message, separators=(",", ":")) + "\n").encode())

    def response(self):
        """The next response (skipping notifications)."""
        while True:
            while b"\n" not in self.pending:
                chunk = os.read(self.stdout.fileno(), 65536)
                if not chunk:
                    err = self.process.stderr.read().decode(errors="replace")
                    sys.exit(f"rpc_timing: keyboardd serve --stdio closed its output; stderr: {err[-2000:]}")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\n", 1)
            message = json.loads(line)
            if "id" in message:
                return message

    def call(self, method, params=None):
        self.send(method, params)
        return self.response()

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def startup(executable, runs):
    samples, exec_samples = [], []
    request = b'{"jsonrpc":"2.0","id":1,"method":"state"}\n'
    for _ in range(runs):
        started = time.perf_counter()
        process = subprocess.Popen([executable, "serve", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, bufsize=0)
        os.write(process.stdin.fileno(), request)
        line = b""
        while b"\n" not in line:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                sys.exit("rpc_timing: keyboardd serve --stdio exited before answering `state`")
            line += chunk
        samples.append(time.perf_counter() - started)
        response = json.loads(line.split(b"\n", 1)[0])
        if "result" not in response:
            sys.exit(f"rpc_timing: `state` failed: {response}")
        process.stdin.close()
        process.wait()
        # The floor: exec of a trivial process through the same Popen path.
        started = time.perf_counter()
        subprocess.run(["/bin/true"])
        exec_samples.append(time.perf_counter() - started)
    return {"runs": runs, "readyMilliseconds": statistics.median(samples) * 1e3,
            "minMilliseconds": min(samples) * 1e3, "execFloorMilliseconds": statistics.median(exec_samples) * 1e3}


def switch(executable, pairs):
    server = Server(executable, ["--layouts", "en-US,de-DE"])
    # A focused field, so the keyboard is up and a switch changes what it shows, as a user's switch does.
    response = server.call("focus", {"text": "Hello"})
    if "result" not in response:
        sys.exit(f"rpc_timing: focus failed: {response}")
    for layout in ("de-DE", "en-US"):
        response = server.call("switchLayout", {"id": layout})
        if "result" not in response:
            sys.exit(f"rpc_timing: switchLayout {layout} failed: {response}")
    switches, empties = [], []
    for _ in range(pairs):
        for layout in ("de-DE", "en-US"):
            started = time.perf_counter()
            response = server.call("switchLayout", {"id": layout})
            switches.append(time.perf_counter() - started)
            if "result" not in response:
                sys.exit(f"rpc_timing: switchLayout {layout} failed: {response}")
            started = time.perf_counter()
            server.call("benchmark.empty")
            empties.append(time.perf_counter() - started)
    server.close()
    switch_ms = statistics.median(switches) * 1e3
    empty_ms = statistics.median(empties) * 1e3
    return {"switches": len(switches), "switchRoundTripMilliseconds": switch_ms,
            "emptyRoundTripMilliseconds": empty_ms, "switchMilliseconds": max(switch_ms - empty_ms, 0.0)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["startup", "switch"])
    parser.add_argument("keyboardd")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--pairs", type=int, default=500)
    args = parser.parse_args()
    result = startup(args.keyboardd, args.runs) if args.mode == "startup" else switch(args.keyboardd, args.pairs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
