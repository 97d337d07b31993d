"""The content-derived id generator: the same text and metadata always give the same id."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from spring_ai_py import _assert
from spring_ai_py.document.id._java_serialization import serialize
from spring_ai_py.document.id.id_generator import IdGenerator


class JdkSha256HexIdGenerator(IdGenerator):
    """Derives a UUID from the contents, byte for byte as Spring AI does.

    The contents (a document's text and metadata) are written with Java object
    serialization, hashed with SHA-256, and the lower-case hex digest becomes a
    name-based (version 3) UUID, so a document gets the id Spring would give it (see
    :mod:`spring_ai_py.document.id._java_serialization` for how Python values map to
    Java's). Use it for idempotent ingestion: re-reading a file yields the same ids, so
    a vector store overwrites rather than duplicates.
    """

    SHA_256 = "SHA-256"

    def __init__(self, algorithm: str = SHA_256, charset: str = "utf-8") -> None:
        name = algorithm.replace("-", "").lower()
        try:
            hashlib.new(name)
        except (ValueError, TypeError) as error:
            raise ValueError(f"{algorithm} MessageDigest not available") from error
        self._algorithm = name
        self._charset = charset

    def generate_id(self, *contents: Any) -> str:
        _assert.not_none(contents, "Contents must not be null")
        return self._hash(serialize(*contents))

    def get_message_digest(self) -> Any:
        """A fresh digest object of the configured algorithm (each call a new one)."""
        return hashlib.new(self._algorithm)

    def _hash(self, content_with_metadata: bytes) -> str:
        digest = self.get_message_digest()
        digest.update(content_with_metadata)
        hex_digest: str = digest.hexdigest()
        md5 = hashlib.md5(hex_digest.encode(self._charset)).digest()
        return str(uuid.UUID(bytes=md5, version=3))
