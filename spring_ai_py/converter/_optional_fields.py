"""Which object properties a bean schema requires: Spring's ``@Nullable`` and ``@ToolParam``.

pydantic requires every field without a default. Spring does not require a field that
is ``@Nullable`` or annotated ``@ToolParam(required = false)``, and takes a
``@ToolParam`` description into the schema. Here the same holds for fields typed
``X | None`` and fields annotated ``Annotated[X, ToolParam(required=False, description=...)]``
of pydantic models, dataclasses and TypedDicts, nested ones included.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from typing_extensions import is_typeddict

_NONE_TYPE = type(None)


@dataclasses.dataclass(frozen=True)
class _FieldHint:
    optional: bool
    description: str | None


def _is_optional(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _is_optional(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return _NONE_TYPE in get_args(annotation)
    return annotation is None or annotation is _NONE_TYPE


def _extras(annotation: Any) -> tuple[Any, ...]:
    return get_args(annotation)[1:] if get_origin(annotation) is typing.Annotated else ()


def _hints(cls: type) -> dict[str, Any]:
    """The field annotations of ``cls`` with their ``Annotated`` extras."""
    if issubclass(cls, BaseModel):
        # pydantic has resolved these already, even for classes defined in a function
        return {
            name: typing.Annotated[field.annotation, *field.metadata]
            if field.metadata
            else field.annotation
            for name, field in cls.model_fields.items()
        }
    try:
        module = sys.modules.get(cls.__module__)
        return typing.get_type_hints(cls, vars(module) if module else None, include_extras=True)
    except Exception:  # unresolvable forward references: leave pydantic's schema as is
        return {}


def _field_hints(cls: type) -> dict[str, _FieldHint]:
    from spring_ai_py.tool.annotation.tool_annotation import ToolParam

    hints = _hints(cls)
    aliases: dict[str, str] = {}
    if issubclass(cls, BaseModel):
        aliases = {
            name: field.alias for name, field in cls.model_fields.items() if field.alias is not None
        }
    result: dict[str, _FieldHint] = {}
    for name, annotation in hints.items():
        if name.startswith("_") or get_origin(annotation) is typing.ClassVar:
            continue
        extras = _extras(annotation)
        tool_param = next((e for e in extras if isinstance(e, ToolParam)), None)
        alias = next((e.alias for e in extras if isinstance(e, FieldInfo) and e.alias), None)
        optional = _is_optional(annotation) or (tool_param is not None and not tool_param.required)
        description = tool_param.description if tool_param and tool_param.description else None
        if optional or description:
            result[aliases.get(name, alias or name)] = _FieldHint(optional, description)
    return result


def _is_bean(candidate: Any) -> bool:
    return isinstance(candidate, type) and (
        issubclass(candidate, BaseModel)
        or dataclasses.is_dataclass(candidate)
        or is_typeddict(candidate)
    )


def _beans(target: Any) -> list[type]:
    """The model, dataclass and TypedDict classes reachable from ``target``."""
    found: list[type] = []
    pending = [target]
    seen: set[int] = set()
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if _is_bean(current):
            found.append(current)
            pending.extend(_hints(current).values())
        pending.extend(arg for arg in get_args(current) if not isinstance(arg, str | int | float))
    return found


def _apply(node: dict[str, Any], hints: dict[str, _FieldHint]) -> None:
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return
    for name, hint in hints.items():
        prop = properties.get(name)
        if hint.description and isinstance(prop, dict) and "description" not in prop:
            properties[name] = {**prop, "description": hint.description}
    required = node.get("required")
    if isinstance(required, list):
        kept = [name for name in required if not (name in hints and hints[name].optional)]
        if kept:
            node["required"] = kept
        else:
            del node["required"]


def relax_optional_fields(target: Any, schema: dict[str, Any]) -> dict[str, Any]:
    """Apply Spring's required/description rules to pydantic's raw ``schema`` of ``target``."""
    defs = schema.get("$defs", {})
    for bean in _beans(target):
        hints = _field_hints(bean)
        if not hints:
            continue
        if bean is target:
            _apply(schema, hints)
        for definition in defs.values():
            if isinstance(definition, dict) and definition.get("title") == bean.__name__:
                _apply(definition, hints)
    return schema
