"""Spring's ``org.springframework.ai.google.genai.schema``: tool input schemas in the
OpenAPI 3.0 dialect Gemini's function declarations take."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert, _json
from spring_ai_py.model.tool.tool_calling_manager import ToolCallingManager
from spring_ai_py.tool.definition import ToolDefinition

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ChatResponse
    from spring_ai_py.chat.prompt import Prompt
    from spring_ai_py.model.tool.tool_calling_chat_options import ToolCallingChatOptions
    from spring_ai_py.model.tool.tool_execution_result import ToolExecutionResult

__all__ = ["GoogleGenAiToolCallingManager", "JsonSchemaConverter"]

_COMMON_PROPERTIES = (
    "format",
    "description",
    "default",
    "maximum",
    "minimum",
    "maxLength",
    "minLength",
    "pattern",
    "enum",
    "multipleOf",
    "uniqueItems",
    "example",
    "deprecated",
    "readOnly",
    "writeOnly",
    "discriminator",
    "xml",
    "externalDocs",
)


class JsonSchemaConverter:
    """Converts JSON Schema (draft 2020-12, as the tools' schemas are generated) into
    the OpenAPI 3.0 schema Gemini expects: ``type: [X, "null"]`` becomes ``type: X``
    with ``nullable: true``; properties, items, ``additionalProperties`` are converted
    recursively; ``allOf``/``anyOf``/``oneOf`` are kept; ``$defs`` is refused."""

    @staticmethod
    def from_json(json_string: str) -> dict[str, Any]:
        """The JSON object of ``json_string`` (else a ``RuntimeError``)."""
        if not isinstance(json_string, str):
            raise RuntimeError(f"Failed to parse JSON: {json_string!r}")
        try:
            value = _json.loads(json_string, "the JSON schema")
        except ValueError as error:
            raise RuntimeError(f"Failed to parse JSON: {json_string}") from error
        if not isinstance(value, dict):
            raise RuntimeError(f"Failed to parse JSON: {json_string}")
        return value

    @staticmethod
    def convert_to_open_api_schema(json_schema_node: dict[str, Any]) -> dict[str, Any]:
        """The OpenAPI form of ``json_schema_node``, with ``"openapi": "3.0.0"``."""
        _assert.not_none(json_schema_node, "JSON Schema node must not be null")
        _assert.is_true(
            "$defs" not in json_schema_node,
            "Google's Structured Output schema doesn't support $defs property",
        )
        converted = _convert(json_schema_node)
        converted.setdefault("openapi", "3.0.0")
        return converted


def _convert(source: dict[str, Any]) -> dict[str, Any]:
    target: dict[str, Any] = {}
    for name in _COMMON_PROPERTIES:
        if name in source:
            target[name] = source[name]
    nullable = False
    schema_type = source.get("type")
    if isinstance(schema_type, list):
        types = [value for value in schema_type if value != "null"]
        nullable = len(types) != len(schema_type)
        if len(types) == 1:
            target["type"] = types[0]
        elif types:
            target["type"] = types
    elif schema_type == "null":
        nullable = True
    elif schema_type is not None:
        target["type"] = schema_type
    if "nullable" in source:
        target["nullable"] = source["nullable"]
    if nullable:
        target["nullable"] = True
    properties = source.get("properties")
    if isinstance(properties, dict):
        target["properties"] = {
            key: _convert(value) for key, value in properties.items() if isinstance(value, dict)
        }
    if "required" in source:
        target["required"] = source["required"]
    additional = source.get("additionalProperties")
    if isinstance(additional, bool):
        target["additionalProperties"] = additional
    elif isinstance(additional, dict):
        target["additionalProperties"] = _convert(additional)
    items = source.get("items")
    if isinstance(items, dict):
        target["items"] = _convert(items)
    for combiner in ("allOf", "anyOf", "oneOf"):
        if isinstance(source.get(combiner), list):
            target[combiner] = list(source[combiner])
    return target


def convert_type_values_to_upper_case(node: Any) -> None:
    """Spring's ``JsonSchemaGenerator.convertTypeValuesToUpperCase``: every string
    ``type`` of the schema, in place, upper case (``"object"`` → ``"OBJECT"``)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, dict | list):
                convert_type_values_to_upper_case(value)
            elif isinstance(value, str) and key == "type":
                node[key] = value.upper()
    elif isinstance(node, list):
        for element in node:
            if isinstance(element, dict | list):
                convert_type_values_to_upper_case(element)


class GoogleGenAiToolCallingManager(ToolCallingManager):
    """A tool calling manager whose tool definitions carry Gemini's schema dialect: the
    delegate's definitions with their input schema converted by
    :class:`JsonSchemaConverter` and upper-case types. Tool execution is the delegate's.
    """

    def __init__(self, delegate_tool_calling_manager: ToolCallingManager) -> None:
        _assert.not_none(
            delegate_tool_calling_manager, "Delegate tool calling manager must not be null"
        )
        _assert.instance_of(
            delegate_tool_calling_manager, ToolCallingManager, "delegate_tool_calling_manager"
        )
        self._delegate = delegate_tool_calling_manager

    def get_delegate(self) -> ToolCallingManager:
        return self._delegate

    def resolve_tool_definitions(
        self, chat_options: ToolCallingChatOptions
    ) -> list[ToolDefinition]:
        definitions = self._delegate.resolve_tool_definitions(chat_options)
        converted: list[ToolDefinition] = []
        for definition in definitions:
            schema = JsonSchemaConverter.convert_to_open_api_schema(
                JsonSchemaConverter.from_json(definition.input_schema)
            )
            convert_type_values_to_upper_case(schema)
            converted.append(
                ToolDefinition(definition.name, definition.description, json.dumps(schema, indent=2))
            )
        return converted

    def execute_tool_calls(self, prompt: Prompt, chat_response: ChatResponse) -> ToolExecutionResult:
        return self._delegate.execute_tool_calls(prompt, chat_response)

    async def aexecute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        return await self._delegate.aexecute_tool_calls(prompt, chat_response)
