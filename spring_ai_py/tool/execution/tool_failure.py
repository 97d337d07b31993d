"""Tool failure classes, the default classifier, and the retry policy of a tool.

Beyond Spring 2.0.1, which hands every tool error to the model as text.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from dataclasses import dataclass


class ToolFailureClass(enum.Enum):
    """What kind of failure a tool error is, which decides what the loop does with it.

    ``SEMANTIC``: bad arguments or a business error; the model gets the message (what
    Spring does with every error). ``TRANSIENT``: a timeout, a dropped connection, an
    HTTP 429 or 5xx; a tool declaring a ``Retry`` is called again. ``ENVIRONMENT``:
    missing credentials or permissions, a missing file; a person must fix it, and a
    manager built with ``on_environment_error("pause")`` pauses the turn.
    """

    SEMANTIC = "semantic"
    TRANSIENT = "transient"
    ENVIRONMENT = "environment"

    def get_key(self) -> str:
        return self.value


class TransientToolError(Exception):
    """Raise (or subclass) it from a tool to mark a failure worth retrying."""


class EnvironmentToolError(Exception):
    """Raise (or subclass) it from a tool to mark a failure a person must fix."""


ToolFailureClassifier = Callable[[BaseException], "ToolFailureClass | None"]
"""A user's classifier: the class of a tool's error, or ``None`` for the default rules."""

_TRANSIENT_STATUS = frozenset({408, 425, 429})
_ENVIRONMENT_STATUS = frozenset({401, 403, 407})


def _status_code(error: BaseException) -> int | None:
    """The HTTP status of an SDK or httpx error (``status_code``, or its response's)."""
    status = getattr(error, "status_code", None)
    if status is None:
        response = getattr(error, "response", None)
        status = getattr(response, "status_code", None)
    return status if isinstance(status, int) and not isinstance(status, bool) else None


def _is_instance_of(error: BaseException, module: str, *names: str) -> bool:
    """Whether ``error`` is one of ``module``'s exception types, without importing it (a
    module nobody imported raised nothing)."""
    loaded = sys.modules.get(module)
    if loaded is None:
        return False
    types = tuple(t for t in (getattr(loaded, n, None) for n in names) if isinstance(t, type))
    return bool(types) and isinstance(error, types)


def classify_tool_failure(error: BaseException) -> ToolFailureClass:
    """The default classifier.

    Errors marked by the tool (``TransientToolError``, ``EnvironmentToolError``, or a
    ``failure_class`` attribute holding a ``ToolFailureClass``) keep their mark.
    ``TRANSIENT``: ``TimeoutError``, ``ConnectionError``, httpx transport errors and
    timeouts (``httpx`` and ``httpx2``), the openai and anthropic connection and timeout errors, and any HTTP
    error with status 408, 425, 429 or 5xx. ``ENVIRONMENT``: ``PermissionError``,
    ``FileNotFoundError``, ``NotADirectoryError``, and HTTP 401, 403, 407 (the SDKs'
    authentication and permission errors). Everything else is ``SEMANTIC``. A
    ``ToolExecutionException`` is classified by its cause.
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        found = _classify_one(current)
        if found is not None:
            return found
        current = current.__cause__
    return ToolFailureClass.SEMANTIC


def _classify_one(error: BaseException) -> ToolFailureClass | None:
    marked = getattr(error, "failure_class", None)
    if isinstance(marked, ToolFailureClass):
        return marked
    if isinstance(error, TransientToolError):
        return ToolFailureClass.TRANSIENT
    if isinstance(error, EnvironmentToolError):
        return ToolFailureClass.ENVIRONMENT
    if isinstance(error, PermissionError | FileNotFoundError | NotADirectoryError):
        return ToolFailureClass.ENVIRONMENT
    if isinstance(error, TimeoutError | ConnectionError):
        return ToolFailureClass.TRANSIENT
    if (
        _is_instance_of(error, "httpx", "TimeoutException", "TransportError")
        or _is_instance_of(error, "httpx2", "TimeoutException", "TransportError")
        or _is_instance_of(error, "openai", "APIConnectionError", "APITimeoutError")
        or _is_instance_of(error, "anthropic", "APIConnectionError", "APITimeoutError")
    ):
        return ToolFailureClass.TRANSIENT
    status = _status_code(error)
    if status is not None:
        if status in _TRANSIENT_STATUS or 500 <= status <= 599:
            return ToolFailureClass.TRANSIENT
        if status in _ENVIRONMENT_STATUS:
            return ToolFailureClass.ENVIRONMENT
    return None


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


@dataclass(frozen=True, slots=True)
class Retry:
    """How a tool is retried after a ``TRANSIENT`` failure: at most ``max_attempts``
    calls in all, waiting ``initial_backoff`` seconds, then ``multiplier`` times longer
    each time up to ``max_backoff``, each wait spread by up to ``jitter`` (a fraction:
    ``0.1`` is +/-10%). Async tools wait with ``asyncio.sleep``; the event loop is never
    blocked. Other failure classes are never retried.
    """

    max_attempts: int = 3
    initial_backoff: float = 0.1
    multiplier: float = 2.0
    max_backoff: float = 10.0
    jitter: float = 0.1

    def __post_init__(self) -> None:
        if isinstance(self.max_attempts, bool) or not isinstance(self.max_attempts, int):
            raise TypeError(
                f"max_attempts must be an int, got {type(self.max_attempts).__name__}"
            )
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be greater than 0")
        if _number(self.initial_backoff, "initial_backoff") < 0:
            raise ValueError("initial_backoff must not be negative")
        if _number(self.multiplier, "multiplier") < 1:
            raise ValueError("multiplier must be at least 1")
        if _number(self.max_backoff, "max_backoff") < self.initial_backoff:
            raise ValueError("max_backoff must not be less than initial_backoff")
        if not 0 <= _number(self.jitter, "jitter") <= 1:
            raise ValueError("jitter must be between 0 and 1")

    def backoff(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1 for the first)."""
        base = min(self.initial_backoff * self.multiplier ** (attempt - 1), self.max_backoff)
        if self.jitter:
            import random  # loaded by the first retry, not by importing the package

            base *= 1 + random.uniform(-self.jitter, self.jitter)
        return max(base, 0.0)
