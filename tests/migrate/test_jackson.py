"""spring_ai_py.migrate.jackson: Jackson's mapper as migrated code calls it."""

from __future__ import annotations

import enum

import pytest
from pydantic import BaseModel, ConfigDict, Field

from spring_ai_py.migrate.jackson import JsonMapper, ObjectMapper


class Mood(enum.Enum):
    GOOD = "GOOD"


class Review(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True)
    movie_name: str = Field(alias="movieName")
    mood: Mood


def test_writes_compact_json_with_the_json_names_as_jackson_does() -> None:
    review = Review(movie_name="Her", mood=Mood.GOOD)
    assert JsonMapper().write_value_as_string(review) == '{"movieName":"Her","mood":"GOOD"}'
    assert JsonMapper().writer_with_default_pretty_printer().write_value_as_string({"a": [1]}) == '{\n  "a": [\n    1\n  ]\n}'


def test_reads_json_text_into_the_type() -> None:
    review = ObjectMapper().read_value('{"movieName": "Her", "mood": "GOOD"}', Review)
    assert review == Review(movie_name="Her", mood=Mood.GOOD)
    assert JsonMapper().read_value("[1, 2]", list[int]) == [1, 2]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(TypeError, match="content must be JSON text"):
        JsonMapper().read_value(b"{}", dict)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="indent must be a non-negative int"):
        JsonMapper(indent=-1)
