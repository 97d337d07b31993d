"""Type checks of options dataclass fields, from their annotations.

``check_field_types(options)`` raises a ``TypeError`` naming the field when a value
does not have its annotated type (``temperature must be a float, got str: 'hot'``),
instead of letting it fail far away (at request time, inside an SDK, or on the
server). Only what can be checked cheaply and without surprises is checked: ``str``,
``int`` (never a ``bool``), ``float`` (an ``int`` too, never a ``bool``), ``bool``, lists
(a list or tuple), dicts (any mapping) and plain classes; a field whose annotation has
anything else (a callable, a protocol, ``Any``) is not checked. The plan is computed
once per class.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
import threading
import types
import typing
from collections.abc import Mapping
from typing import Any

_Check = tuple[tuple[type, ...], bool, str]
"""(accepted types, whether ``bool`` is excluded, expected-type wording)."""

_PLANS: dict[type, dict[str, _Check]] = {}
_LOCK = threading.Lock()
_WORDING = {
    str: "a string",
    int: "an integer",
    float: "a float",
    bool: "a bool",
    list: "a list",
    dict: "a dict",
}


def check_field_types(options: object, unchecked: frozenset[str] = frozenset()) -> None:
    """Raise ``TypeError`` for the first set field of ``options`` that has the wrong type."""
    cls = type(options)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _plan(cls)
        with _LOCK:
            _PLANS[cls] = plan
    for name, value in vars(options).items():
        if value is None:
            continue
        check = plan.get(name)
        if check is None or name in unchecked:
            continue
        accepted, no_bool, wording = check
        if isinstance(value, accepted) and not (no_bool and value.__class__ is bool):
            continue
        raise TypeError(f"{name} must be {wording}, got {type(value).__name__}: {value!r:.80}")


def _plan(cls: type) -> dict[str, _Check]:
    # The module each field's annotation was written in: the nearest class of the MRO
    # that annotates it.
    modules: dict[str, str] = {}
    for owner in reversed(cls.__mro__):
        for name in inspect.get_annotations(owner):
            modules[name] = owner.__module__
    # Many fields share an annotation ("str | None"): each text is evaluated once.
    resolved: dict[tuple[str | None, str], object | None] = {}
    checks: dict[str, _Check] = {}
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        annotation: object | None = field.type
        if isinstance(field.type, str):
            key = (modules.get(field.name), field.type)
            if key not in resolved:
                resolved[key] = _resolve(*key)
            annotation = resolved[key]
        check = _check_for(annotation) if annotation is not None else None
        if check is not None:
            checks[field.name] = check
    return checks


def _resolve(module: str | None, annotation: str) -> object | None:
    """The annotation's text evaluated in ``module``, where it was written, or ``None``.

    Annotations naming types imported only for type checking cannot be evaluated: such
    a field is not checked.
    """
    if module is None:
        return None
    try:
        resolved: object = eval(annotation, vars(sys.modules[module]))
    except Exception:
        return None
    return resolved


def _check_for(annotation: Any) -> _Check | None:
    members = (
        typing.get_args(annotation)
        if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union
        else (annotation,)
    )
    accepted: list[type] = []
    words: list[str] = []
    for member in members:
        if member is type(None):
            continue
        origin = typing.get_origin(member) or member
        if origin is float:
            accepted.extend((int, float))
        elif origin is list:
            accepted.extend((list, tuple))
        elif origin is dict:
            accepted.extend((dict, Mapping))
        elif isinstance(origin, type) and origin is not object:
            accepted.append(origin)
        else:
            return None
        words.append(_WORDING.get(origin, f"a {getattr(origin, '__name__', origin)}"))
    if not accepted:
        return None
    return tuple(accepted), bool not in accepted, " or ".join(words)
