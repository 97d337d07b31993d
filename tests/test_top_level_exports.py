"""The top-level package: everyday names, loaded lazily (PORTING §1)."""

from __future__ import annotations

import json
import subprocess
import sys

import spring_ai_py


def test_every_exported_name_resolves() -> None:
    for name in spring_ai_py.__all__:
        assert getattr(spring_ai_py, name) is not None, name


def test_unknown_names_raise_attribute_error() -> None:
    try:
        spring_ai_py.NoSuchThing  # noqa: B018
    except AttributeError as error:
        assert "NoSuchThing" in str(error)
    else:
        raise AssertionError("expected AttributeError")


def test_tool_from_the_top_level_is_the_decorator() -> None:
    from spring_ai_py import tool

    @tool
    def double(x: int) -> int:
        """Double a number."""
        return 2 * x

    @tool(name="renamed")
    def other() -> str:
        return "ok"

    assert double(3) == 6
    assert double.get_tool_definition().name == "double"
    assert other.get_tool_definition().name == "renamed"


def test_importing_the_package_loads_no_provider_sdk_or_pydantic() -> None:
    code = (
        "import json, sys, spring_ai_py; "
        "print(json.dumps(sorted(m for m in ('openai', 'anthropic', 'pydantic', 'jsonschema') "
        "if m in sys.modules)))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
