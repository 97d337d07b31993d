from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import ChatResponseMetadata
from spring_ai_py.embedding import EmbeddingResponseMetadata
from spring_ai_py.model import AbstractResponseMetadata


def test_entries_read_like_a_read_only_mapping() -> None:
    metadata = AbstractResponseMetadata({"id": "r-1", "created": 7})
    assert metadata.get("id") == "r-1"
    assert metadata.get("missing") is None
    assert metadata.get("missing", "fallback") == "fallback"
    assert metadata.get_or_default("created", 0) == 7
    assert metadata.get_or_default("missing", 0) == 0
    assert metadata.get_required("id") == "r-1"
    assert metadata.contains_key("created")
    assert not metadata.contains_key("missing")
    assert sorted(metadata.key_set()) == ["created", "id"]
    assert dict(metadata.entry_set()) == {"id": "r-1", "created": 7}
    assert not metadata.is_empty()


def test_no_entries_is_empty() -> None:
    assert AbstractResponseMetadata().is_empty()
    assert AbstractResponseMetadata({}).is_empty()


def test_none_values_are_not_stored() -> None:
    metadata = AbstractResponseMetadata({"kept": 1, "dropped": None})
    assert not metadata.contains_key("dropped")
    assert list(metadata.key_set()) == ["kept"]
    assert metadata.get_or_default("dropped", "fallback") == "fallback"


def test_get_required_rejects_a_missing_entry() -> None:
    with pytest.raises(ValueError, match=r"Context does not have an entry for key \[missing\]"):
        AbstractResponseMetadata({"id": "r-1"}).get_required("missing")


@pytest.mark.parametrize(
    "metadata",
    [
        ChatResponseMetadata("id", "model", None, None, {"entry": 1, "nothing": None}),
        EmbeddingResponseMetadata("model", None, {"entry": 1, "nothing": None}),
    ],
)
def test_chat_and_embedding_metadata_share_the_map_part(
    metadata: AbstractResponseMetadata,
) -> None:
    assert isinstance(metadata, AbstractResponseMetadata)
    assert metadata.get_required("entry") == 1
    assert dict(metadata.entry_set()) == {"entry": 1}
