"""A minimal, fast OpenAI-compatible server on loopback for the benchmarks.

``spring_ai_py.test.OpenAiTestServer`` is a ``ThreadingHTTPServer`` that scripts and
records every request: right for tests, too slow (and too variable) for timing a client
that costs a few microseconds. This server answers ``POST /v1/chat/completions`` from
canned bytes, over HTTP/1.1 keep-alive, on one asyncio loop, in its own process (so its
CPU time is never attributed to the client under test):

* a request without ``"stream": true`` gets one ``chat.completion`` JSON object;
* a request with ``"stream": true`` gets a ``text/event-stream`` of 20 content chunks, a
  finish chunk and a usage chunk, then ``data: [DONE]``; each event is one HTTP chunk
  (``Transfer-Encoding: chunked``), as OpenAI's own server sends them;
* a request that declares ``tools`` and holds no ``tool`` message yet gets an answer
  calling ``get_weather(city="Paris")``; once the tool result is in, the text answer.

``GET /stats`` returns ``{"connections": N, "requests": N}``: the connections on which
a chat request arrived (a client that reuses its connections opens few) and the chat
requests served. ``POST /reset`` zeroes both. Run it as
``python bench/fake_openai_server.py [--port 0] [--cpu N] [--delay-ms N]``; it prints
``PORT <n>`` when it listens and stops on SIGTERM or SIGINT. With ``--delay-ms`` each chat
answer is written that many milliseconds after its request arrived (a model's latency),
without holding up the other connections.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import sys
from typing import Any

MODEL = "gpt-bench"
CHUNKS = 20
CHUNK_TEXT = "word "
COMPLETION_ID = "chatcmpl-bench"
CREATED = 1_700_000_000
USAGE = {"prompt_tokens": 12, "completion_tokens": CHUNKS, "total_tokens": 12 + CHUNKS}

_STREAM = re.compile(rb'"stream"\s*:\s*true')
_TOOLS = re.compile(rb'"tools"\s*:\s*\[')
_TOOL_MESSAGE = re.compile(rb'"role"\s*:\s*"tool"')


def _json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def _completion(message: dict[str, Any], finish_reason: str) -> bytes:
    return _json(
        {
            "id": COMPLETION_ID,
            "object": "chat.completion",
            "created": CREATED,
            "model": MODEL,
            "choices": [
                {"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason}
            ],
            "usage": USAGE,
            "system_fingerprint": "fp_bench",
        }
    )


def _chunk(delta: dict[str, Any], finish_reason: str | None, usage: bool = False) -> bytes:
    body: dict[str, Any] = {
        "id": COMPLETION_ID,
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": MODEL,
        "system_fingerprint": "fp_bench",
        "choices": []
        if usage
        else [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}],
    }
    if usage:
        body["usage"] = USAGE
    return b"data: " + _json(body) + b"\n\n"


def _response(body: bytes) -> bytes:
    head = (
        "HTTP/1.1 200 OK\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: keep-alive\r\n\r\n"
    )
    return head.encode() + body


def _chunked(events: list[bytes]) -> bytes:
    head = (
        b"HTTP/1.1 200 OK\r\n"
        b"Content-Type: text/event-stream; charset=utf-8\r\n"
        b"Cache-Control: no-cache\r\n"
        b"Transfer-Encoding: chunked\r\n"
        b"Connection: keep-alive\r\n\r\n"
    )
    parts = [head]
    for event in events:
        parts.append(f"{len(event):x}\r\n".encode() + event + b"\r\n")
    parts.append(b"0\r\n\r\n")
    return b"".join(parts)


TEXT_ANSWER = "The answer, in twenty words or so."
TEXT_RESPONSE = _response(
    _completion({"role": "assistant", "content": TEXT_ANSWER, "refusal": None}, "stop")
)
TOOL_RESPONSE = _response(
    _completion(
        {
            "role": "assistant",
            "content": None,
            "refusal": None,
            "tool_calls": [
                {
                    "id": "call_bench_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
                }
            ],
        },
        "tool_calls",
    )
)
STREAM_RESPONSE = _chunked(
    [_chunk({"role": "assistant", "content": ""}, None)]
    + [_chunk({"content": CHUNK_TEXT}, None) for _ in range(CHUNKS)]
    + [_chunk({}, "stop"), _chunk({}, None, usage=True), b"data: [DONE]\n\n"]
)
NOT_FOUND = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n"
OK_EMPTY = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n"


class Stats:
    connections = 0
    requests = 0
    delay = 0.0


class HttpProtocol(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection: parses requests, writes canned answers."""

    def __init__(self) -> None:
        self._buffer = b""
        self._transport: asyncio.Transport | None = None
        self._counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while True:
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self._buffer[:end]
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            total = end + 4 + length
            if len(self._buffer) < total:
                return
            body = self._buffer[end + 4 : total]
            self._buffer = self._buffer[total:]
            self._answer(head.split(b" ", 2), body)

    def _write_if_open(self, data: bytes) -> None:
        if self._transport is not None and not self._transport.is_closing():
            self._transport.write(data)

    def _answer(self, request_line: list[bytes], body: bytes) -> None:
        assert self._transport is not None
        method, path = request_line[0], request_line[1]
        if method == b"POST" and path.endswith(b"/chat/completions"):
            if not self._counted:
                self._counted = True
                Stats.connections += 1
            Stats.requests += 1
            if _STREAM.search(body):
                answer = STREAM_RESPONSE
            elif _TOOLS.search(body) and not _TOOL_MESSAGE.search(body):
                answer = TOOL_RESPONSE
            else:
                answer = TEXT_RESPONSE
            if Stats.delay:
                asyncio.get_running_loop().call_later(Stats.delay, self._write_if_open, answer)
            else:
                self._transport.write(answer)
        elif method == b"GET" and path == b"/stats":
            self._transport.write(
                _response(_json({"connections": Stats.connections, "requests": Stats.requests}))
            )
        elif method == b"POST" and path == b"/reset":
            Stats.connections = 0
            Stats.requests = 0
            self._transport.write(OK_EMPTY)
        else:
            self._transport.write(NOT_FOUND)


async def serve(port: int) -> None:
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server = await loop.create_server(HttpProtocol, sock=sock, backlog=4096)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    print(f"PORT {sock.getsockname()[1]}", flush=True)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cpu", type=int, default=None, help="pin the server to this CPU")
    parser.add_argument("--delay-ms", type=float, default=0.0, help="answer chat requests late")
    args = parser.parse_args()
    Stats.delay = args.delay_ms / 1000
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    try:
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        print(f"could not raise the open-file limit of {sys.argv[0]}", file=sys.stderr)
    asyncio.run(serve(args.port))


if __name__ == "__main__":
    main()
