"""Lazy things: package exports that load on first access, and lazy singletons.

Lazy exports keep ``import spring_ai_py`` (and packages whose members pull in heavy
libraries such as pydantic) fast, while ``from package import Name`` keeps working.
:func:`lazy_singleton` is the one way the library creates a shared object (a default
executor, the bridge's event loop, a default manager) on first use.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class lazy_singleton(Generic[T]):
    """``@lazy_singleton`` on a factory of no arguments: calling it returns the one
    object the factory made on the first call (thread-safe; the factory runs once)."""

    __slots__ = ("_factory", "_lock", "_value")

    _MISSING: Any = object()

    def __init__(self, factory: Callable[[], T]) -> None:
        self._factory = factory
        self._lock = threading.Lock()
        self._value: Any = self._MISSING

    def __call__(self) -> T:
        value = self._value
        if value is self._MISSING:
            with self._lock:
                if self._value is self._MISSING:
                    self._value = self._factory()
                value = self._value
        result: T = value
        return result


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package`` exporting ``name -> module``."""
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(exports)

    return __getattr__, __dir__
