#!/usr/bin/env python3
"""A keyboardd JSON-RPC client using only the Python standard library.

Usage:
  keyboardd_client.py smoke SOCKET            exercise the protocol over the socket; prints a JSON report
  keyboardd_client.py load SOCKET [--clients N] [--calls M]
                                              N concurrent connections x M insertText calls each; prints
                                              {"length": ..., "expected": ..., "p50_ms": ..., "p99_ms": ...}
  keyboardd_client.py call SOCKET METHOD [JSON_PARAMS]
                                              one call; prints the response line

Exit status: 0 when every check passed, 1 otherwise (the report says which).
"""
import json
import socket
import sys
import threading
import time


class Client:
    """One connection: line-delimited JSON-RPC 2.0 requests, responses matched by id."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 0
        self.notifications = []

    def send_raw(self, data):
        self.sock.sendall(data)

    def read_message(self):
        line = self.file.readline()
        if not line:
            raise EOFError("keyboardd closed the connection")
        return json.loads(line)

    def request(self, method, params=None):
        """Sends a request and returns the whole response (notifications before it are kept)."""
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_raw((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
        return self.wait_for(self.next_id)

    def wait_for(self, request_id):
        while True:
            message = self.read_message()
            if "id" not in message:
                self.notifications.append(message)
                continue
            if message.get("id") == request_id or message.get("id") is None:
                return message

    def call(self, method, params=None):
        response = self.request(method, params)
        if "error" in response:
            raise RuntimeError(f"{method}: {response['error']}")
        return response["result"]

    def close(self):
        self.file.close()
        self.sock.close()


def smoke(path):
    checks = []

    def check(name, condition, detail=None):
        checks.append({"check": name, "ok": bool(condition), "detail": detail})

    client = Client(path)
    result = client.call("focus", {"text": "Hello"})
    check("focus returns a documentIdentifier", len(result.get("documentIdentifier", "")) == 36, result)
    client.call("subscribe", {"events": ["controllerCallback"]})
    client.call("insertText", {"text": " 👍🏽"})
    client.call("deleteBackward")
    state = client.call("state")
    check("grapheme deletion", state["text"] == "Hello ", state)
    check("utf16 caret", state["selectedRange"] == {"location": 6, "length": 0}, state)
    names = [n["method"] for n in client.notifications]
    check("callbacks arrive as notifications", "textDidChange" in names, names)
    context = client.call("documentContext")
    check("context", context["documentContextBeforeInput"] == "Hello " and context["documentContextAfterInput"] is None, context)

    response = client.request("noSuchMethod")
    check("unknown method is -32601", response.get("error", {}).get("code") == -32601, response)
    response = client.request("insertText", {"text": 42})
    check("bad params is -32602 naming the param",
          response.get("error", {}).get("code") == -32602 and "'text'" in response["error"]["message"], response)
    client.send_raw(b'{"jsonrpc":"2.0","id":99,"method":\n')
    response = client.read_message()
    check("malformed JSON is -32700", response.get("error", {}).get("code") == -32700, response)
    client.send_raw(b'{"jsonrpc":"2.0","id":100}\n')
    response = client.read_message()
    check("invalid request is -32600", response.get("error", {}).get("code") == -32600, response)

    big = b'{"jsonrpc":"2.0","id":101,"method":"insertText","params":{"text":"' + b"x" * (1 << 20) + b'"}}\n'
    client.send_raw(big)
    response = client.read_message()
    check("a message over 1 MiB is an error", response.get("error", {}).get("code") == -32600, response.get("error"))
    check("the connection stays usable after it", client.call("state")["text"] == "Hello ")

    # A client that leaves mid-message disturbs nobody.
    leaver = Client(path)
    leaver.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"insertText","params":{"te')
    leaver.close()
    check("others keep working after a client leaves mid-message", client.call("state")["text"] == "Hello ")
    client.close()
    ok = all(c["ok"] for c in checks)
    print(json.dumps({"ok": ok, "checks": checks}, ensure_ascii=False))
    return 0 if ok else 1


def load(path, clients, calls):
    setup = Client(path)
    setup.call("focus", {"text": ""})
    latencies = []
    errors = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients)

    def worker(index):
        try:
            client = Client(path)
            barrier.wait()
            local = []
            for _ in range(calls):
                start = time.perf_counter()
                client.call("insertText", {"text": "x"})
                local.append(time.perf_counter() - start)
            client.close()
            with lock:
                latencies.extend(local)
        except Exception as error:  # reported, not raised: the report names it
            with lock:
                errors.append(f"client {index}: {error!r}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    state = setup.call("state")
    setup.close()
    latencies.sort()

    def percentile(p):
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000, 3)

    expected = clients * calls
    report = {
        "ok": not errors and len(state["text"]) == expected,
        "length": len(state["text"]),
        "expected": expected,
        "calls": len(latencies),
        "seconds": round(elapsed, 3),
        "p50_ms": percentile(0.50),
        "p99_ms": percentile(0.99),
        "errors": errors[:5],
    }
    print(json.dumps(report))
    return 0 if report["ok"] else 1


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    command, path = argv[1], argv[2]
    if command == "smoke":
        return smoke(path)
    if command == "load":
        clients, calls = 50, 1000
        args = argv[3:]
        while args:
            flag = args.pop(0)
            if flag == "--clients":
                clients = int(args.pop(0))
            elif flag == "--calls":
                calls = int(args.pop(0))
            else:
                print(f"unknown option {flag}", file=sys.stderr)
                return 2
        return load(path, clients, calls)
    if command == "call":
        client = Client(path)
        params = json.loads(argv[4]) if len(argv) > 4 else None
        print(json.dumps(client.request(argv[3], params), ensure_ascii=False))
        return 0
    print(f"unknown command {command}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
