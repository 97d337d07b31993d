"""``ToolInputSchemaAugmenter``: extra properties added to a tool's JSON input schema."""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, get_args, get_origin

from spring_ai_py.converter._json_schema import spring_style

NO_DESCRIPTION = "no description"
"""The description of an augmented argument that carries no ``ToolParam``."""


def is_record_type(record_class: Any) -> bool:
    """Whether ``record_class`` is what stands in for a Java record here: a dataclass
    or a pydantic model class."""
    if not isinstance(record_class, type):
        return False
    if dataclasses.is_dataclass(record_class):
        return True
    from pydantic import BaseModel

    return issubclass(record_class, BaseModel)


def _split_annotated(annotation: Any) -> tuple[Any, list[Any]]:
    """The bare type of ``annotation`` and its ``Annotated`` extras."""
    if get_origin(annotation) is Annotated:
        bare, *extras = get_args(annotation)
        return bare, list(extras)
    return annotation, []


def _tool_param(extras: Sequence[Any]) -> Any:
    from spring_ai_py.tool.annotation import ToolParam

    return next((extra for extra in extras if isinstance(extra, ToolParam)), None)


class ToolInputSchemaAugmenter:
    """Adds properties to a tool's JSON input schema (Spring's ``ToolInputSchemaAugmenter``).

    The properties usually come from a record type: a dataclass or a pydantic model
    whose fields are annotated ``Annotated[str, ToolParam(description=..., required=...)]``.
    A field without ``ToolParam`` is described as ``no description`` and is not required
    (as in Spring).
    """

    @dataclass(frozen=True, slots=True)
    class AugmentedArgumentType:
        """One property to add: its name, Python type, description and whether it is required."""

        name: str
        type: Any
        description: str | None
        required: bool

    @staticmethod
    def to_augmented_argument_types(
        record_class: type[Any],
    ) -> list[ToolInputSchemaAugmenter.AugmentedArgumentType]:
        """The fields of a dataclass or pydantic model as argument types, in field order.

        Raises ``ValueError`` for any other type (Spring: a ``RuntimeException``).
        """
        if not is_record_type(record_class):
            raise ValueError(
                f"Failed to extract record field types: {record_class!r} is not a dataclass "
                "or a pydantic model"
            )
        argument_type = ToolInputSchemaAugmenter.AugmentedArgumentType
        arguments: list[ToolInputSchemaAugmenter.AugmentedArgumentType] = []
        if dataclasses.is_dataclass(record_class):
            try:
                hints = typing.get_type_hints(record_class, include_extras=True)
            except Exception as error:
                raise ValueError(f"Failed to extract record field types: {error}") from error
            for field in dataclasses.fields(record_class):
                bare, extras = _split_annotated(hints.get(field.name, Any))
                param = _tool_param(extras)
                arguments.append(
                    argument_type(
                        field.name,
                        bare,
                        param.description if param is not None else NO_DESCRIPTION,
                        param.required if param is not None else False,
                    )
                )
            return arguments
        for name, info in record_class.model_fields.items():
            param = _tool_param(info.metadata)
            if param is not None:
                description = param.description or info.description or ""
            else:
                description = info.description or NO_DESCRIPTION
            arguments.append(
                argument_type(
                    info.alias or name,
                    info.annotation,
                    description,
                    param.required if param is not None else False,
                )
            )
        return arguments

    @staticmethod
    def augment_tool_input_schema(
        json_schema_string: str,
        argument_types: str | Sequence[ToolInputSchemaAugmenter.AugmentedArgumentType],
        property_type: Any = None,
        description: str | None = None,
        required: bool = False,
    ) -> str:
        """The schema with the given properties added (pretty-printed JSON).

        ``augment_tool_input_schema(schema, [argument_type, ...])`` or, for one property,
        ``augment_tool_input_schema(schema, "name", str, "description", required)``.
        Each property's schema comes from its Python type; an empty description is left
        out; required properties are appended to ``required``. Raises ``ValueError`` when
        the schema is not a JSON object.
        """
        if isinstance(argument_types, str):
            argument_types = [
                ToolInputSchemaAugmenter.AugmentedArgumentType(
                    argument_types, property_type, description, required
                )
            ]
        try:
            schema = json.loads(json_schema_string)
        except (TypeError, ValueError) as error:
            raise ValueError(f"Failed to parse JSON Schema: {error}") from error
        if not isinstance(schema, dict):
            raise ValueError("Failed to parse JSON Schema: the schema is not a JSON object")
        properties = schema.get("properties")
        if not isinstance(properties, dict):
            properties = {}
            schema["properties"] = properties
        for argument in argument_types:
            node = ToolInputSchemaAugmenter._type_schema(argument.type)
            if argument.description:
                node["description"] = argument.description
            properties[argument.name] = node
            if argument.required:
                required_names = schema.get("required")
                if not isinstance(required_names, list):
                    required_names = []
                    schema["required"] = required_names
                required_names.append(argument.name)
        return json.dumps(schema, indent=2, ensure_ascii=False)

    @staticmethod
    def _type_schema(python_type: Any) -> dict[str, Any]:
        """The JSON schema of one property type, in Spring's conventions."""
        if python_type is None or python_type is Any:
            return {}
        import pydantic

        schema = spring_style(pydantic.TypeAdapter(python_type).json_schema())
        schema.pop("title", None)
        schema.pop("$schema", None)  # a property's schema, not a document
        return schema


AugmentedArgumentType = ToolInputSchemaAugmenter.AugmentedArgumentType
