"""The prompt cache of the fake Anthropic server: Anthropic's prefix caching, simplified.

What it stands for (Anthropic's prompt caching guide): a request is one prefix in the
order tools, system, messages; each ``cache_control`` breakpoint asks the API to cache
the prefix ending at that block. Later requests whose prefix matches a cached one,
ending at a breakpoint or up to 20 blocks before it, read that part from the cache
(``cache_read_input_tokens``); the rest of the prefix up to the last breakpoint is
written (``cache_creation_input_tokens``); what follows the last breakpoint is plain
``input_tokens``. A prefix shorter than the model's minimum cacheable length is not
cached. Simplifications: one token is four characters of a block's JSON (without its
``cache_control``), entries never expire, and the TTL is not checked.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Any

_LOOKBACK_BLOCKS = 20


@dataclass(frozen=True)
class CacheUsage:
    """The input side of a request's usage."""

    input_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int


def count_tokens(value: Any) -> int:
    """The fake tokenizer: one token per four characters of the JSON, at least one."""
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return max(1, -(-len(text) // 4))


def _segments(body: dict[str, Any]) -> list[tuple[str, int, bool]]:
    """(key, tokens, is breakpoint) of every block of the request, in prefix order."""
    segments: list[tuple[str, int, bool]] = []

    def add(kind: str, block: Any) -> None:
        if isinstance(block, dict):
            breakpoint_ = "cache_control" in block
            plain = {k: v for k, v in block.items() if k != "cache_control"}
        else:
            breakpoint_, plain = False, block
        key = json.dumps([kind, plain], sort_keys=True)
        segments.append((key, count_tokens(plain), breakpoint_))

    for tool in body.get("tools") or []:
        add("tool", tool)
    system = body.get("system")
    if isinstance(system, str):
        add("system", {"type": "text", "text": system})
    elif isinstance(system, list):
        for block in system:
            add("system", block)
    for message in body.get("messages") or []:
        role = str(message.get("role"))
        content = message.get("content")
        if isinstance(content, str):
            add(role, {"type": "text", "text": content})
        else:
            for block in content or []:
                add(role, block)
    return segments


class PromptCache:
    """The cache entries of one fake server (thread-safe)."""

    def __init__(self, min_cacheable_tokens: int = 0) -> None:
        self._min_tokens = min_cacheable_tokens
        self._entries: set[str] = set()
        self._lock = threading.Lock()

    def process(self, body: dict[str, Any]) -> CacheUsage:
        """Read and write the cache for one request; the request's input usage."""
        segments = _segments(body)
        prefix_keys: list[str] = []
        prefix_tokens: list[int] = []
        digest = hashlib.sha256()
        total = 0
        for key, tokens, _ in segments:
            digest.update(key.encode("utf-8"))
            prefix_keys.append(digest.hexdigest())
            total += tokens
            prefix_tokens.append(total)
        breakpoints = [index for index, (_, _, is_bp) in enumerate(segments) if is_bp]
        if not breakpoints:
            return CacheUsage(total, 0, 0)
        last = breakpoints[-1]
        with self._lock:
            read_end = -1
            for point in breakpoints:
                for index in range(point, max(-1, point - _LOOKBACK_BLOCKS - 1), -1):
                    if prefix_keys[index] in self._entries:
                        read_end = max(read_end, index)
                        break
            for point in breakpoints:
                if prefix_tokens[point] >= self._min_tokens:
                    self._entries.add(prefix_keys[point])
        read = prefix_tokens[read_end] if read_end >= 0 else 0
        cacheable = prefix_tokens[last]
        if cacheable < self._min_tokens:
            return CacheUsage(total, 0, 0)
        return CacheUsage(total - cacheable, cacheable - read, read)
