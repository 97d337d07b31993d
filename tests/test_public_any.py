"""Public signatures of the provider base, options, builders and ChatClient specs stay
typed: the ``Any`` left (scripts/count_public_any.py) may only go down."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parent.parent
MOST_ANY = 29
"""The count after issue 23 (68 before): JSON-shaped dicts, caller-chosen context values
and ``option()``'s field-default typing."""


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("count_public_any", ROOT / "scripts" / "count_public_any.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_public_any_does_not_grow() -> None:
    script = _script()
    hits = [hit for module in script.MODULES for hit in script.public_any(ROOT / module)]
    assert len(hits) <= MOST_ANY, "\n".join(hits)


def test_the_count_sees_parameters_returns_and_nested_public_classes(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "from typing import Any\n"
        "def f(a: Any, b: int) -> dict[str, Any]: ...\n"
        "def _private(a: Any) -> Any: ...\n"
        "class C:\n"
        "    def m(self, *args: Any, **kwargs: object) -> None: ...\n"
        "    class Builder:\n"
        "        def x(self, v: list[Any]) -> 'C': ...\n"
        "class _Hidden:\n"
        "    def m(self, a: Any) -> None: ...\n",
        encoding="utf-8",
    )
    assert _script().public_any(source) == [
        "f(a): Any",
        "f(return): dict[str, Any]",
        "C.m(args): Any",
        "C.Builder.x(v): list[Any]",
    ]
