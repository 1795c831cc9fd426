# The bench's command-target worker (Python): answers each request at once with the tool call its
# question asks for, and, when its stdin ends or it is told to stop, adds the time it spent answering
# (from a request's line read to its reply written) to $BENCH_WORKER_TIMES.
import json
import os
import re
import signal
import sys
import time

busy = 0.0
answered = 0


def report(*_):
    if os.environ.get("BENCH_WORKER_TIMES"):
        with open(os.environ["BENCH_WORKER_TIMES"], "a") as file:
            file.write(f"{busy * 1000} {answered}\n")
    sys.exit(0)


signal.signal(signal.SIGTERM, report)
for line in sys.stdin:
    started = time.perf_counter()
    request = json.loads(line)
    a, b = (int(n) for n in re.findall(r"\d+", request["messages"][-1]["content"])[:2])
    call = {"id": "call_1", "type": "function", "function": {"name": "add", "arguments": json.dumps({"a": a, "b": b})}}
    sys.stdout.write(json.dumps({"id": request["id"], "content": None, "tool_calls": [call]}) + "\n")
    sys.stdout.flush()
    busy += time.perf_counter() - started
    answered += 1
report()
