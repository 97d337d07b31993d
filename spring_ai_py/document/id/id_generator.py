"""Strategies that give a document its id when none is set explicitly."""

from __future__ import annotations

import uuid
from abc import ABC, abstractmethod
from typing import Any


class IdGenerator(ABC):
    """Generates a unique document id, optionally derived from the given contents."""

    @abstractmethod
    def generate_id(self, *contents: Any) -> str:
        """Return an id for a document made of ``contents`` (its text and metadata)."""


class RandomIdGenerator(IdGenerator):
    """Ignores the contents and returns a random UUID (version 4) as a string."""

    def generate_id(self, *contents: Any) -> str:
        return str(uuid.uuid4())
