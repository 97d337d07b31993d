"""The little of Spring's ``Resource`` that readers need: bytes, a name, a description."""

from __future__ import annotations

import fnmatch
import glob
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TypeAlias


class Resource(ABC):
    """A readable source of bytes (Spring's ``org.springframework.core.io.Resource``)."""

    @abstractmethod
    def get_content_as_bytes(self) -> bytes:
        """The whole content."""

    def get_content_as_string(self, charset: str = "utf-8") -> str:
        return self.get_content_as_bytes().decode(charset)

    def content_length(self) -> int:
        """The content's size in bytes (subclasses answer without reading it when they can)."""
        return len(self.get_content_as_bytes())

    def get_filename(self) -> str | None:
        """The file name (no directory), or ``None`` when the resource has none."""
        return None

    @abstractmethod
    def get_description(self) -> str:
        """A description for messages and metadata, as Spring words it."""


class FileSystemResource(Resource):
    """A file on disk."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        if path is None:
            raise ValueError("path must not be null")
        self._path = Path(path)

    def get_path(self) -> Path:
        return self._path

    def get_content_as_bytes(self) -> bytes:
        return self._path.read_bytes()

    def content_length(self) -> int:
        return self._path.stat().st_size

    def get_filename(self) -> str | None:
        return self._path.name or None

    def get_description(self) -> str:
        return f"file [{self._path.absolute()}]"

    def __repr__(self) -> str:
        return f"FileSystemResource({str(self._path)!r})"


class ByteArrayResource(Resource):
    """Bytes in memory, with an optional description."""

    def __init__(
        self, byte_array: bytes, description: str = "resource loaded from byte array"
    ) -> None:
        if byte_array is None:
            raise ValueError("Byte array must not be null")
        self._bytes = bytes(byte_array)
        self._description = description

    def get_content_as_bytes(self) -> bytes:
        return self._bytes

    def content_length(self) -> int:
        return len(self._bytes)

    def get_description(self) -> str:
        return f"Byte array resource [{self._description}]"

    def __repr__(self) -> str:
        return f"ByteArrayResource({self._description!r})"


ResourceLike: TypeAlias = Resource | str | os.PathLike[str] | bytes
"""What readers accept: a :class:`Resource`, a file path, or the bytes themselves."""


def to_resource(resource: ResourceLike) -> Resource:
    """``resource`` as a :class:`Resource` (a path becomes a :class:`FileSystemResource`)."""
    if resource is None:
        raise ValueError("The resource must not be null")
    if isinstance(resource, Resource):
        return resource
    if isinstance(resource, bytes | bytearray):
        return ByteArrayResource(bytes(resource))
    if isinstance(resource, str) and resource.startswith("file:"):
        resource = resource[len("file:") :]
    return FileSystemResource(resource)


def resolve_resources(pattern: str | os.PathLike[str]) -> list[Resource]:
    """The files a glob ``pattern`` matches, sorted (``**`` spans directories), or the one
    file a plain path names (Spring's ``PathMatchingResourcePatternResolver``).

    ``**`` descends into real directories only, never through a symbolic link to a
    directory (as Spring's ``Files.walk`` does), so a link loop cannot make the search
    endless; links to files still match. ``*`` and ``?`` do not match a leading ``.``.
    """
    text = os.fspath(pattern)
    if text.startswith("file:"):
        text = text[len("file:") :]
    if not glob.has_magic(text):
        return [FileSystemResource(text)]
    if "**" in text:
        return [FileSystemResource(p) for p in sorted(_walk_glob(text))]
    return [FileSystemResource(p) for p in sorted(glob.glob(text)) if Path(p).is_file()]


def _walk_glob(pattern: str) -> list[str]:
    """The files ``pattern`` (with ``**``) matches, walking without following dir links."""
    parts = pattern.replace(os.sep, "/").split("/")
    fixed = 0
    while fixed < len(parts) - 1 and not glob.has_magic(parts[fixed]):
        fixed += 1
    root = "/".join(parts[:fixed]) if fixed else "."
    if parts[:fixed] == [""]:
        root = "/"
    matchers = parts[fixed:]
    # only a segment spelled with a leading "." can match a hidden directory
    hidden = any(m.startswith(".") for m in matchers)
    found: list[str] = []
    for directory, dirnames, filenames in os.walk(root, followlinks=False):
        if not hidden:
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        relative = os.path.relpath(directory, root)
        prefix = [] if relative == "." else relative.replace(os.sep, "/").split("/")
        for name in filenames:
            if _match([*prefix, name], matchers):
                path = os.path.join(directory, name)
                if os.path.isfile(path):
                    found.append(path if fixed else os.path.relpath(path))
    return found


def _match(names: list[str], patterns: list[str]) -> bool:
    """Whether path segments ``names`` match glob segments ``patterns`` (``**``: any depth)."""
    if not patterns:
        return not names
    head = patterns[0]
    if head == "**":
        return _match(names, patterns[1:]) or (
            bool(names) and not names[0].startswith(".") and _match(names[1:], patterns)
        )
    if not names:
        return False
    if names[0].startswith(".") and not head.startswith("."):
        return False
    return fnmatch.fnmatchcase(names[0], head) and _match(names[1:], patterns[1:])
