"""The map part shared by response metadata (Spring's ``AbstractResponseMetadata``)."""

from __future__ import annotations

from collections.abc import ItemsView, KeysView, Mapping
from typing import Any


class AbstractResponseMetadata:
    """Provider-specific entries of a response, readable like a read-only mapping.

    Entries whose value is ``None`` are never stored (Spring keeps them in a map that
    rejects nulls), so ``contains_key`` is true only for a present value.
    """

    def __init__(self, metadata: Mapping[str, Any] | None = None) -> None:
        self._map: dict[str, Any] = {k: v for k, v in (metadata or {}).items() if v is not None}

    def get(self, key: str, default: Any = None) -> Any:
        """The entry under ``key``, or ``default`` when there is none."""
        return self._map.get(key, default)

    def get_required(self, key: str) -> Any:
        """The entry under ``key``; ``ValueError`` when there is none."""
        value = self._map.get(key)
        if value is None:
            raise ValueError(f"Context does not have an entry for key [{key}]")
        return value

    def get_or_default(self, key: str, default: Any) -> Any:
        """The entry under ``key``, or ``default`` when there is none."""
        return self._map.get(key, default)

    def contains_key(self, key: str) -> bool:
        """Whether there is an entry under ``key``."""
        return key in self._map

    def entry_set(self) -> ItemsView[str, Any]:
        """A read-only view of the entries."""
        return self._map.items()

    def key_set(self) -> KeysView[str]:
        """A read-only view of the keys."""
        return self._map.keys()

    def is_empty(self) -> bool:
        """Whether there are no entries."""
        return not self._map
