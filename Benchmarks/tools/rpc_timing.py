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

  rpc_timing.py state KEYBOARDD [--megabytes 20] [--runs 5]
      `serve --socket` with a focused field of that many MB of text (built by `insertText` calls of
      100 000 characters: mixed ASCII, accented letters, CJK and line breaks), then `state` timed from the request's
      send to the last byte of its answer, as a socket client reads it (best and median of the runs), and
      the server's CPU time per `state` (from /proc: what the machine's other load does not change).

Prints one JSON object. Medians throughout.
"""
import argparse
import json
import os
import socket
import statistics
import tempfile
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


def state(executable, megabytes, runs):
    directory = tempfile.mkdtemp(prefix="keyboardd-state-")
    path = os.path.join(directory, "k.sock")
    process = subprocess.Popen([executable, "serve", "--socket", path], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not os.path.exists(path):
            if time.monotonic() > deadline or process.poll() is not None:
                sys.exit("rpc_timing: serve --socket did not create its socket")
            time.sleep(0.01)
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(path)
        # Read into one buffer as large as the answer, searching only the new bytes for the newline: the
        # client copies nothing, so the figure is the server's and the socket's.
        buffer = bytearray(megabytes * 2_000_000 + (1 << 20))
        view = memoryview(buffer)

        def call(message):
            client.sendall((json.dumps(message, separators=(",", ":")) + "\n").encode())
            filled = 0
            while True:
                count = client.recv_into(view[filled:])
                if count == 0:
                    sys.exit("rpc_timing: the server closed the connection")
                newline = buffer.find(b"\n", filled, filled + count)
                filled += count
                if newline >= 0:
                    if newline != filled - 1:
                        sys.exit("rpc_timing: more than one line arrived")
                    return view[:newline]

        def cpu_seconds():
            """The server's user + system CPU time so far."""
            with open(f"/proc/{process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        call({"jsonrpc": "2.0", "id": 0, "method": "focus", "params": {"text": ""}})
        piece = ("The quick brown fox — café, naïve, 日本語のテキスト.\n" * 4000)
        piece = piece[:100_000]
        size = 0
        while size < megabytes * 1_000_000:
            response = json.loads(bytes(call({"jsonrpc": "2.0", "id": 1, "method": "insertText", "params": {"text": piece}})))
            if "result" not in response:
                sys.exit(f"rpc_timing: insertText failed: {response}")
            size += len(piece.encode())
        samples, answer = [], 0
        cpu_before = cpu_seconds()
        for _ in range(runs):
            started = time.perf_counter()
            line = call({"jsonrpc": "2.0", "id": 2, "method": "state"})
            samples.append(time.perf_counter() - started)
            answer = len(line)
            if b'"result"' not in bytes(line[:200]):
                sys.exit(f"rpc_timing: state failed: {bytes(line[:300])}")
        server_cpu = (cpu_seconds() - cpu_before) / runs
        client.close()
    finally:
        process.terminate()
        process.wait()
        try:
            os.unlink(path)
            os.rmdir(directory)
        except OSError:
            pass
    best, median = min(samples), statistics.median(samples)
    return {"documentBytes": size, "answerBytes": answer, "runs": runs, "bestSeconds": best, "medianSeconds": median,
            "bestMegabytesPerSecond": answer / best / 1e6, "medianMegabytesPerSecond": answer / median / 1e6,
            "serverCPUSecondsPerState": server_cpu}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["startup", "switch", "state"])
    parser.add_argument("keyboardd")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--megabytes", type=int, default=20)
    args = parser.parse_args()
    if args.mode == "state":
        result = state(args.keyboardd, args.megabytes, args.runs)
    elif args.mode == "startup":
        result = startup(args.keyboardd, args.runs)
    else:
        result = switch(args.keyboardd, args.pairs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
