"""Options declared once: ``option()`` fields give the properties (with their bounds)
and the request parameters of a provider, and the library's providers are built on it."""

from __future__ import annotations

import importlib.util
import pathlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from spring_ai_py.anthropic import AnthropicChatOptions, AnthropicChatProperties
from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError, Environment
from spring_ai_py.autoconfigure.binder import OptionsProperties
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.google.genai import GoogleGenAiChatOptions, GoogleGenAiTextEmbeddingOptions
from spring_ai_py.google.genai._autoconfigure import (
    GoogleGenAiChatProperties,
    GoogleGenAiTextEmbeddingProperties,
)
from spring_ai_py.google.genai.common import GoogleGenAiThinkingLevel
from spring_ai_py.model.option_fields import OptionField, option, option_fields, request_values
from spring_ai_py.ollama import OllamaChatOptions, OllamaEmbeddingOptions
from spring_ai_py.ollama._autoconfigure import OllamaChatProperties, OllamaEmbeddingProperties
from spring_ai_py.openai import (
    OpenAiChatOptions,
    OpenAiChatProperties,
    OpenAiEmbeddingOptions,
    OpenAiEmbeddingProperties,
)


@dataclass(frozen=True, kw_only=True)
class AcmeOptions(ChatOptions):
    temperature: float | None = option(ge=0, le=1.5)
    stop_sequences: list[str] | None = option(property="stop", wire="stop_words")
    seed: int | None = option()
    labels: dict[str, str] | None = option()
    shape: str | None = option(sent=False, bind_as="dict[str, Any] | None")
    local_only: bool | None = None


def env_of(properties: dict[str, object]) -> Environment:
    return Environment.load(config_dir=pathlib.Path("/nonexistent"), environ={}, overrides=properties)  # type: ignore[arg-type]


def _gen_builders() -> ModuleType:
    path = pathlib.Path(__file__).parents[2] / "scripts" / "gen_builders.py"
    spec = importlib.util.spec_from_file_location("gen_builders_for_options", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_option_fields_are_the_declared_fields_in_field_order() -> None:
    fields = option_fields(AcmeOptions)
    assert list(fields) == ["stop_sequences", "temperature", "seed", "labels", "shape"]
    assert fields["temperature"] == OptionField(
        name="temperature", property="temperature", wire="temperature", sent=True, ge=0, le=1.5
    )
    assert fields["temperature"].bounds() == {"ge": 0, "le": 1.5}
    assert fields["stop_sequences"].property == "stop"
    assert fields["stop_sequences"].wire == "stop_words"
    assert fields["shape"].sent is False
    assert fields["shape"].bind_as == "dict[str, Any] | None"
    assert "local_only" not in fields
    # An inherited field not redeclared with option() is neither a property nor sent.
    assert "top_k" not in fields


def test_an_option_field_defaults_to_not_set() -> None:
    options = AcmeOptions()
    assert options.temperature is None and options.seed is None
    assert AcmeOptions.builder().temperature(0.5).seed(7).build().seed == 7


def test_request_values_are_the_set_sent_fields_under_their_wire_names() -> None:
    labels = {"team": "a"}
    options = AcmeOptions(
        temperature=0.2, stop_sequences=["END"], labels=labels, shape="x", local_only=True, top_k=3
    )
    values = request_values(options)
    assert values == {"stop_words": ["END"], "temperature": 0.2, "labels": {"team": "a"}}
    values["labels"]["team"] = "changed"  # type: ignore[index]
    assert labels == {"team": "a"}
    assert request_values(AcmeOptions()) == {}


def test_bounds_apply_to_properties_only() -> None:
    # Options built in code accept what the type allows, as Spring's do.
    assert OpenAiChatOptions(temperature=3.5).temperature == 3.5


def test_option_rejects_bad_declarations_naming_the_argument() -> None:
    with pytest.raises(ValueError, match="property must be a non-empty string"):
        option(property=" ")
    with pytest.raises(ValueError, match="wire must be a non-empty string"):
        option(wire="")
    with pytest.raises(TypeError, match="ge must be a number, got True"):
        option(ge=True)
    with pytest.raises(TypeError, match="le must be a number"):
        option(le="2")  # type: ignore[arg-type]


def test_option_fields_needs_a_dataclass_and_distinct_properties() -> None:
    with pytest.raises(TypeError, match="options_type must be a dataclass"):
        option_fields(int)

    @dataclass(frozen=True)
    class Clash:
        stop: list[str] | None = option()
        stop_sequences: list[str] | None = option(property="stop")

    with pytest.raises(TypeError, match=r"two options bind the property \['stop'\]"):
        option_fields(Clash)


def test_the_generator_writes_one_property_per_option_with_its_bounds() -> None:
    body = _gen_builders().render_properties(f"{AcmeOptions.__module__}.AcmeOptions", "    ")
    assert body.splitlines() == [
        f'    OPTIONS: ClassVar[str] = "{AcmeOptions.__module__}.AcmeOptions"',
        "",
        "    stop: list[str] | None = None",
        "    temperature: float | None = Field(default=None, ge=0, le=1.5)",
        "    seed: int | None = None",
        "    labels: dict[str, str] | None = None",
        "    shape: dict[str, Any] | None = None",
    ]


class AcmeProperties(OptionsProperties):
    CONFIG_PREFIX: ClassVar[str] = "spring.ai.acme.chat"
    OPTIONS: ClassVar[str] = f"{AcmeOptions.__module__}.AcmeOptions"

    stop: list[str] | None = None
    temperature: float | None = None
    seed: int | None = None
    labels: dict[str, str] | None = None
    shape: dict[str, Any] | None = None


def test_option_values_map_properties_back_onto_the_options_keywords() -> None:
    bound = AcmeProperties.bind(
        env_of(
            {"spring.ai.acme.chat.stop": "END, STOP", "spring.ai.acme.chat.labels.team": "a"}
        )
    )
    values = bound.option_values()
    assert values == {"stop_sequences": ["END", "STOP"], "labels": {"team": "a"}}
    assert AcmeOptions(**values).stop_sequences == ["END", "STOP"]


def test_option_values_need_the_options_class_named() -> None:
    class Nameless(OptionsProperties):
        CONFIG_PREFIX: ClassVar[str] = "spring.ai.nameless"

    with pytest.raises(TypeError, match=r"Nameless.OPTIONS must name an options class"):
        Nameless().option_values()


@pytest.mark.parametrize(
    ("properties", "options"),
    [
        (OpenAiChatProperties, OpenAiChatOptions),
        (OpenAiEmbeddingProperties, OpenAiEmbeddingOptions),
        (AnthropicChatProperties, AnthropicChatOptions),
        (OllamaChatProperties, OllamaChatOptions),
        (OllamaEmbeddingProperties, OllamaEmbeddingOptions),
        (GoogleGenAiChatProperties, GoogleGenAiChatOptions),
        (GoogleGenAiTextEmbeddingProperties, GoogleGenAiTextEmbeddingOptions),
    ],
)
def test_the_providers_properties_are_their_options(
    properties: type[OptionsProperties], options: type[Any]
) -> None:
    assert f"{options.__module__}.{options.__name__}" == properties.OPTIONS
    fields = properties.model_fields
    for spec in option_fields(options).values():
        if not spec.bind:
            assert spec.property not in fields, spec.name
            continue
        metadata = fields[spec.property].metadata
        declared = {
            key: getattr(item, key)
            for item in metadata
            for key in ("ge", "gt", "le", "lt")
            if getattr(item, key, None) is not None
        }
        assert declared == spec.bounds(), spec.name


def test_a_bound_declared_on_the_option_is_a_bind_error_naming_the_property() -> None:
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        AnthropicChatProperties.bind(env_of({"spring.ai.anthropic.chat.temperature": "1.2"}))
    assert caught.value.property_name == "spring.ai.anthropic.chat.temperature"
    assert "less than or equal to 1" in str(caught.value)
    assert OpenAiChatProperties.bind(
        env_of({"spring.ai.openai.chat.temperature": "1.2"})
    ).temperature == 1.2


def test_properties_classes_stay_pydantic_models() -> None:
    assert issubclass(OpenAiChatProperties, BaseModel)
    assert OpenAiChatProperties().stop is None


@dataclass(frozen=True, kw_only=True)
class LoadOptions(ChatOptions):
    model: str | None = option(sent=False)
    use_numa: bool | None = option(wire="numa", bind=False)
    num_ctx: int | None = option(bind=False)


def test_an_option_declared_bind_false_is_sent_but_no_property() -> None:
    fields = option_fields(LoadOptions)
    assert fields["use_numa"].bind is False and fields["use_numa"].wire == "numa"
    assert fields["model"].bind is True
    options = LoadOptions(model="m", use_numa=True, num_ctx=2048)
    assert request_values(options) == {"numa": True, "num_ctx": 2048}
    body = _gen_builders().render_properties(f"{LoadOptions.__module__}.LoadOptions", "")
    assert body.splitlines()[2:] == ["model: str | None = None"]

    class LoadProperties(OptionsProperties):
        CONFIG_PREFIX: ClassVar[str] = "spring.ai.load"
        OPTIONS: ClassVar[str] = f"{LoadOptions.__module__}.LoadOptions"

        model: str | None = None

    bound = LoadProperties.bind(env_of({"spring.ai.load.model": "m", "spring.ai.load.num-ctx": "9"}))
    assert bound.option_values() == {"model": "m"}


def test_bind_false_takes_no_property_settings_and_must_be_sent() -> None:
    with pytest.raises(ValueError, match=r"option\(bind=False\) is no property: it takes no ge, property"):
        option(bind=False, property="numa", ge=0)
    with pytest.raises(ValueError, match=r"it takes no bind_as"):
        option(bind=False, bind_as="str | None")
    with pytest.raises(ValueError, match=r"option\(bind=False, sent=False\) declares nothing"):
        option(bind=False, sent=False)


def test_a_sent_only_field_binds_no_property_so_it_cannot_clash() -> None:
    @dataclass(frozen=True)
    class SentOnly:
        stop_sequences: list[str] | None = option(property="stop")
        stop: list[str] | None = option(bind=False)

    assert list(option_fields(SentOnly)) == ["stop_sequences", "stop"]


def test_the_google_genai_options_send_their_config_names_and_bind_their_properties() -> None:
    options = GoogleGenAiChatOptions(
        model="gemini-2.5-pro",
        temperature=0.3,
        max_tokens=64,
        top_k=5,
        candidate_count=2,
        stop_sequences=["END"],
        frequency_penalty=0.5,
        presence_penalty=0.25,
        labels={"team": "a"},
        thinking_budget=100,
    )
    # Sent as they are, under GenerateContentConfig's names; the rest is converted by hand.
    assert request_values(options) == {
        "frequency_penalty": 0.5,
        "max_output_tokens": 64,
        "presence_penalty": 0.25,
        "stop_sequences": ["END"],
        "top_k": 5,
        "candidate_count": 2,
    }
    assert request_values(GoogleGenAiTextEmbeddingOptions(dimensions=8, auto_truncate=True)) == {
        "output_dimensionality": 8,
        "auto_truncate": True,
    }
    bound = GoogleGenAiChatProperties.bind(
        env_of(
            {
                "spring.ai.google.genai.chat.max-output-tokens": "64",
                "spring.ai.google.genai.chat.response-schema": '{"type": "object"}',
                "spring.ai.google.genai.chat.thinking-level": "high",
                "spring.ai.google.genai.chat.auto-cache-ttl": "5m",
            }
        )
    ).option_values()
    assert bound["max_tokens"] == 64
    assert bound["output_schema"] == '{"type": "object"}'
    assert bound["thinking_level"] is GoogleGenAiThinkingLevel.HIGH
    assert GoogleGenAiChatOptions(**bound).auto_cache_ttl is not None
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        GoogleGenAiChatProperties.bind(env_of({"spring.ai.google.genai.chat.top-k": "0"}))
    assert caught.value.property_name == "spring.ai.google.genai.chat.top-k"
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        GoogleGenAiTextEmbeddingProperties.bind(
            env_of({"spring.ai.google.genai.embedding.text.dimensions": "0"})
        )
    assert caught.value.property_name == "spring.ai.google.genai.embedding.text.dimensions"
