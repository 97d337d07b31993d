"""Null checks of the user/system specs that name the argument (issue 11's gaps).

``metadata(None, value)`` names the key and ``media(None, path)`` the MIME type, as
Spring's ``DefaultPromptUserSpec`` asserts; identifiers are spelled the Python way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.chat.client.specs import PromptSystemSpec, PromptUserSpec
from spring_ai_py.content import Media


@pytest.mark.parametrize("spec", [PromptUserSpec, PromptSystemSpec])
def test_metadata_with_a_none_key_names_the_key(spec: type[PromptSystemSpec]) -> None:
    with pytest.raises(ValueError, match=r"^metadata key cannot be null or empty$"):
        spec().metadata(None, "value")
    with pytest.raises(ValueError, match=r"^metadata value cannot be null$"):
        spec().metadata("key", None)
    with pytest.raises(ValueError, match=r"^metadata cannot be null$"):
        spec().metadata(None)


@pytest.mark.parametrize("data", [Path("photo.png"), "https://example.com/photo.png", b"\x89PNG"])
def test_media_with_a_none_mime_type_names_the_mime_type(data: object) -> None:
    with pytest.raises(ValueError, match=r"^mime_type cannot be null$"):
        PromptUserSpec().media(None, data)  # type: ignore[arg-type]


def test_media_with_a_mime_type_and_a_path_attaches_its_bytes(tmp_path: Path) -> None:
    photo = tmp_path / "photo.png"
    photo.write_bytes(b"\x89PNG")
    spec = PromptUserSpec().media("image/png", photo)
    assert spec.media_value == [Media("image/png", b"\x89PNG")]
