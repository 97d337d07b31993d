"""The public surface is exact: every package's ``__all__`` lists what it exports, and
nothing it exports is missing from ``__all__`` (as httpx tests its own)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import types
from pathlib import Path

import pytest

import spring_ai_py

PACKAGE_ROOT = Path(spring_ai_py.__file__).parent
# Optional extras whose packages import their third-party library at import time.
OPTIONAL = {"spring_ai_py.mcp": "mcp"}


def packages() -> list[str]:
    names = ["spring_ai_py"]
    for info in pkgutil.walk_packages([str(PACKAGE_ROOT)], prefix="spring_ai_py."):
        if info.ispkg and not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def _import(name: str) -> types.ModuleType:
    for optional, extra in OPTIONAL.items():
        if name == optional or name.startswith(optional + "."):
            pytest.importorskip(extra)
    return importlib.import_module(name)


def _exported_here(module: types.ModuleType) -> set[str]:
    """Public names bound in the package namespace that are not modules or typing helpers."""
    names = set()
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue
        if getattr(value, "__module__", None) in ("typing", "__future__", "typing_extensions"):
            continue
        if name in ("annotations", "TYPE_CHECKING"):
            continue
        names.add(name)
    return names


@pytest.mark.parametrize("name", packages())
def test_all_is_sorted_unique_and_every_name_resolves(name: str) -> None:
    module = _import(name)
    exported = getattr(module, "__all__", None)
    assert exported is not None, f"{name} has no __all__"
    assert len(exported) == len(set(exported)), f"{name}.__all__ has duplicates"
    for entry in exported:
        assert getattr(module, entry, None) is not None, f"{name}.{entry} does not resolve"


@pytest.mark.parametrize("name", packages())
def test_nothing_public_is_missing_from_all(name: str) -> None:
    module = _import(name)
    for entry in getattr(module, "__all__", []):
        getattr(module, entry)  # load lazy exports, so the namespace is complete
    missing = _exported_here(module) - set(module.__all__) - {"__version__"}
    assert not missing, f"{name} exports names missing from __all__: {sorted(missing)}"


def test_top_level_type_checking_copy_matches_the_lazy_export_table() -> None:
    tree = ast.parse((PACKAGE_ROOT / "__init__.py").read_text(encoding="utf-8"))
    typed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom):
                    typed.update(alias.asname or alias.name for alias in statement.names)
    assert typed == set(spring_ai_py.__all__)


def test_version_matches_the_installed_distribution() -> None:
    from importlib.metadata import version

    assert spring_ai_py.__version__ == version("spring_ai_py")
    assert spring_ai_py.__version__.count(".") == 2


def test_tool_and_everyday_names_are_exported() -> None:
    for name in ("ChatClient", "Prompt", "UserMessage", "ChatResponse", "tool", "ToolParam"):
        assert name in spring_ai_py.__all__


# A Java-bean accessor says in its name what it returns (``get_model``, ``is_stream``,
# ``set_usage``) and its class documents the field; every other public method needs a
# docstring.
_ACCESSOR = re.compile(r"^(get|is|has|set)_")


def _function_of(value: object) -> types.FunctionType | None:
    if isinstance(value, staticmethod | classmethod):
        value = value.__func__
    if isinstance(value, property):
        value = value.fget
    return value if isinstance(value, types.FunctionType) else None


def _documented_in_a_base(cls: type, name: str) -> bool:
    for base in cls.__mro__[1:]:
        function = _function_of(base.__dict__.get(name))
        if function is not None and function.__doc__:
            return True
    return False


def _undocumented(cls: type) -> list[str]:
    missing = [] if cls.__doc__ else [cls.__qualname__]
    for name, value in vars(cls).items():
        function = _function_of(value)
        if name.startswith("_") or _ACCESSOR.match(name) or function is None:
            continue
        if not function.__qualname__.startswith(cls.__qualname__ + "."):
            continue  # a plain function stored as a class attribute (a field default)
        if not function.__doc__ and not _documented_in_a_base(cls, name):
            missing.append(f"{cls.__qualname__}.{name}")
    return missing


@pytest.mark.parametrize("name", packages())
def test_every_public_class_method_and_function_has_a_docstring(name: str) -> None:
    module = _import(name)
    missing: list[str] = []
    for entry in module.__all__:
        value = getattr(module, entry)
        if not str(getattr(value, "__module__", "")).startswith("spring_ai_py"):
            continue
        if isinstance(value, type):
            missing += _undocumented(value)
        elif isinstance(value, types.FunctionType) and not value.__doc__:
            missing.append(entry)
    assert not missing, f"{name}: public API without a docstring: {sorted(set(missing))}"
