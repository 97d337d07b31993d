"""Reading JSON objects (or an array of them) as documents."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from spring_ai_py import _json
from spring_ai_py.core.io.resource import ResourceLike, to_resource
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentReader
from spring_ai_py.reader._java_text import java_to_string


class JsonMetadataGenerator(ABC):
    """Makes a document's metadata from the JSON object it was read from."""

    @abstractmethod
    def generate(self, json_map: dict[str, Any]) -> dict[str, Any]:
        """The metadata of the document made from ``json_map``."""


class EmptyJsonMetadataGenerator(JsonMetadataGenerator):
    """Gives every document empty metadata (the default)."""

    def generate(self, json_map: dict[str, Any]) -> dict[str, Any]:
        """No metadata: an empty dict."""
        return {}


JsonMetadataGeneratorLike: TypeAlias = (
    JsonMetadataGenerator | Callable[[dict[str, Any]], dict[str, Any]]
)
"""A :class:`JsonMetadataGenerator` or a plain function ``json_map -> metadata``."""

_MISSING: Any = object()


def _resolve_pointer(root: Any, pointer: str) -> Any:
    """RFC 6901 JSON Pointer lookup (Jackson's ``JsonNode.at``); ``_MISSING`` if absent."""
    if pointer == "":
        return root
    if not pointer.startswith("/"):
        raise ValueError(f"Invalid JSON Pointer expression: {pointer}")
    node = root
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            if token not in node:
                return _MISSING
            node = node[token]
        elif isinstance(node, list):
            if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
                return _MISSING
            index = int(token)
            if index >= len(node):
                return _MISSING
            node = node[index]
        else:
            return _MISSING
    return node


class JsonReader(DocumentReader):
    """Reads a JSON object, or each object of a JSON array, as a document.

    With ``json_keys_to_use``, the text is one ``key: value`` line per listed key the
    object has; without them (or when none is present) it is the whole object rendered
    as Java's ``Map.toString()`` (``{name=Bike, price=9.99}``). Values render as Java
    does (``[a, b]``, ``{k=v}``, ``true``, ``1.0``). ``get(pointer)`` reads the node at a
    JSON Pointer (``/0/sessions``) instead of the root.

    ``JsonReader(resource, "description")``, ``JsonReader(resource, generator, "a",
    "b")``: the metadata generator, when given, comes before the keys, as in Java.
    """

    def __init__(
        self,
        resource: ResourceLike,
        *json_keys_to_use: str | JsonMetadataGeneratorLike | Sequence[str],
    ) -> None:
        if resource is None:
            raise ValueError("The Spring Resource must not be null")
        generator: JsonMetadataGeneratorLike = EmptyJsonMetadataGenerator()
        keys: list[Any] = list(json_keys_to_use)
        if keys and not isinstance(keys[0], str | list | tuple):
            generator = keys.pop(0)
            if generator is None:
                raise ValueError("json_metadata_generator must not be null")
        if len(keys) == 1 and isinstance(keys[0], list | tuple):
            keys = list(keys[0])
        if any(key is None for key in keys):
            raise ValueError("keys must not be null")
        self._resource = to_resource(resource)
        self._generator = generator
        self._json_keys_to_use: list[str] = keys

    def get(self, pointer: str | None = None) -> list[Document]:
        """Documents from the root, or from the node at JSON ``pointer``."""
        root = _json.loads(
            self._resource.get_content_as_bytes().decode("utf-8"), self._resource.get_description()
        )
        if pointer is not None:
            root = _resolve_pointer(root, pointer)
            if root is _MISSING:
                raise ValueError(f"Invalid JSON Pointer: {pointer}")
        if isinstance(root, list):
            return [self._parse_json_node(node) for node in root]
        return [self._parse_json_node(root)]

    def _parse_json_node(self, node: Any) -> Document:
        if not isinstance(node, dict):
            raise ValueError(f"Cannot read a JSON {type(node).__name__} as an object: {node!r}")
        lines = [
            f"{key}: {java_to_string(node[key])}\n" for key in self._json_keys_to_use if key in node
        ]
        generator = self._generator
        if isinstance(generator, JsonMetadataGenerator):
            metadata = generator.generate(node)
        else:
            metadata = generator(node)
        content = "".join(lines) if lines else java_to_string(node)
        return Document(content, metadata)
