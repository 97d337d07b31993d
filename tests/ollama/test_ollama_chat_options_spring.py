"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.api.OllamaChatOptionsTests`: 19 tests ported (17 and the 2 of `AbstractChatOptionsTests`), 0 skipped.

Where the port differs on purpose the test checks the port's contract and says so:
options leave an unset model ``None`` (the request falls back to
``OllamaChatOptions.DEFAULT_MODEL``, ``mistral``, when it is sent), so ``to_map()`` of
empty options is empty; a schema that is not a JSON object is a ``ValueError`` naming
``output_schema`` (Spring's ``IllegalStateException`` from its JSON helper). Tool
callbacks and context are fields of the options, never part of ``to_map()``.
"""

from __future__ import annotations

import json

import pytest

from spring_ai_py.ollama import OllamaChatOptions, OllamaModel
from spring_ai_py.tool import tool

COUNTRY_SCHEMA = json.dumps(
    {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "capital": {"type": "string"},
            "languages": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["name", "capital", "languages"],
    },
    indent=2,
)


def _no_space(text: str | None) -> str:
    return "".join((text or "").split())


@tool(name="function1", description="Function 1")
def function1(s: str) -> str:
    return s


@tool(name="function2", description="Function 2")
def function2(s: str) -> str:
    return s


def test_basic_options() -> None:
    OllamaChatOptions.builder().model("model").main_gpu(12)
    OllamaChatOptions.builder().main_gpu(12).model("model")
    options = OllamaChatOptions.builder().temperature(3.14).top_k(30).stop(["a", "b", "c"]).build()
    options_map = options.to_map()
    assert options_map["temperature"] == 3.14
    assert options_map["top_k"] == 30
    assert options_map["stop"] == ["a", "b", "c"]


def test_all_numeric_options() -> None:
    options = (
        OllamaChatOptions.builder()
        .num_ctx(2048)
        .num_batch(512)
        .num_gpu(1)
        .main_gpu(0)
        .num_thread(8)
        .num_keep(5)
        .seed(42)
        .num_predict(100)
        .top_k(40)
        .top_p(0.9)
        .tfs_z(1.0)
        .typical_p(1.0)
        .repeat_last_n(64)
        .temperature(0.7)
        .repeat_penalty(1.1)
        .presence_penalty(0.0)
        .frequency_penalty(0.0)
        .mirostat(2)
        .mirostat_tau(5.0)
        .mirostat_eta(0.1)
        .build()
    )
    assert options.to_map() == {
        "num_ctx": 2048,
        "num_batch": 512,
        "num_gpu": 1,
        "main_gpu": 0,
        "num_thread": 8,
        "num_keep": 5,
        "seed": 42,
        "num_predict": 100,
        "top_k": 40,
        "top_p": 0.9,
        "tfs_z": 1.0,
        "typical_p": 1.0,
        "repeat_last_n": 64,
        "temperature": 0.7,
        "repeat_penalty": 1.1,
        "presence_penalty": 0.0,
        "frequency_penalty": 0.0,
        "mirostat": 2,
        "mirostat_tau": 5.0,
        "mirostat_eta": 0.1,
    }


def test_boolean_options() -> None:
    options = (
        OllamaChatOptions.builder()
        .truncate(True)
        .use_numa(True)
        .low_vram(False)
        .f16_kv(True)
        .logits_all(False)
        .vocab_only(False)
        .use_mmap(True)
        .use_mlock(False)
        .penalize_newline(True)
        .build()
    )
    assert options.to_map() == {
        "truncate": True,
        "numa": True,
        "low_vram": False,
        "f16_kv": True,
        "logits_all": False,
        "vocab_only": False,
        "use_mmap": True,
        "use_mlock": False,
        "penalize_newline": True,
    }


def test_model_and_format() -> None:
    options_map = OllamaChatOptions.builder().model("llama2").format("json").build().to_map()
    assert options_map["model"] == "llama2"
    assert options_map["format"] == "json"


def test_output_schema_option_with_json_schema_object_as_string() -> None:
    options = OllamaChatOptions.builder().output_schema(COUNTRY_SCHEMA).build()
    assert _no_space(options.get_output_schema()) == _no_space(COUNTRY_SCHEMA)


def test_output_schema_option_with_json_as_string() -> None:
    # Port: a ValueError naming output_schema when the options are built.
    with pytest.raises(ValueError, match="output_schema must be a JSON schema object"):
        OllamaChatOptions.builder().output_schema("json").build()


def test_function_and_tool_options() -> None:
    options = (
        OllamaChatOptions.builder()
        .tool_callbacks(function1, function2)
        .tool_context({"key1": "value1", "key2": "value2"})
        .build()
    )
    options_map = options.to_map()
    assert "toolCallbacks" not in options_map
    assert "tool_callbacks" not in options_map
    assert "tool_context" not in options_map
    assert options.get_tool_callbacks() == [function1, function2]
    assert options.get_tool_context() == {"key1": "value1", "key2": "value2"}


def test_from_options() -> None:
    original = (
        OllamaChatOptions.builder()
        .model("llama2")
        .temperature(0.7)
        .top_k(40)
        .tool_callbacks(function1)
        .build()
    )
    copied = original.mutate().build()
    assert copied.get_model() == "llama2"
    assert copied.get_temperature() == 0.7
    assert copied.get_top_k() == 40
    assert copied.get_tool_callbacks() == [function1]


def test_function_options_not_in_map() -> None:
    options = OllamaChatOptions.builder().model("llama2").tool_callbacks(function1).build()
    options_map = options.to_map()
    assert options_map == {"model": "llama2"}
    assert options.get_tool_callbacks() == [function1]


def test_empty_options() -> None:
    options = OllamaChatOptions.builder().build()
    # Port: no implicit model in the options; the request uses DEFAULT_MODEL.
    assert options.to_map() == {}
    assert options.get_model() is None
    assert OllamaModel.MISTRAL.id() == OllamaChatOptions.DEFAULT_MODEL
    assert options.get_temperature() is None
    assert options.get_top_k() is None
    assert options.get_tool_callbacks() is None
    assert options.get_tool_context() is None


def test_null_values_not_included_in_map() -> None:
    options = (
        OllamaChatOptions.builder().model("llama2").temperature(None).top_k(None).stop(None).build()
    )
    assert options.to_map() == {"model": "llama2"}


def test_zero_values_included_in_map() -> None:
    options = (
        OllamaChatOptions.builder().temperature(0.0).top_k(0).main_gpu(0).num_gpu(0).seed(0).build()
    )
    assert options.to_map() == {
        "temperature": 0.0,
        "top_k": 0,
        "main_gpu": 0,
        "num_gpu": 0,
        "seed": 0,
    }


def test_simple_json_format_vs_json_schema() -> None:
    simple = OllamaChatOptions.builder().format("json").build()
    assert simple.to_map()["format"] == "json"
    assert simple.get_format() == "json"
    schema_options = OllamaChatOptions.builder().output_schema(COUNTRY_SCHEMA).build()
    schema_format = schema_options.to_map()["format"]
    assert isinstance(schema_format, dict)
    assert schema_format["type"] == "object"
    assert "properties" in schema_format
    assert "required" in schema_format
    assert OllamaChatOptions.builder().format("json").build().get_output_schema() == "json"
    round_trip = OllamaChatOptions.builder().output_schema(COUNTRY_SCHEMA).build()
    assert _no_space(round_trip.get_output_schema()) == _no_space(COUNTRY_SCHEMA)


def test_simple_json_format_direct_access() -> None:
    options = OllamaChatOptions.builder().format("json").build()
    assert options.get_format() == "json"
    assert options.to_map()["format"] == "json"
    assert isinstance(options.get_format(), str)


def test_get_output_schema_handles_all_format_types() -> None:
    assert OllamaChatOptions.builder().build().get_output_schema() is None
    string_format = OllamaChatOptions.builder().format("json").build()
    assert string_format.get_output_schema() == "json"
    assert '"' not in (string_format.get_output_schema() or "")
    retrieved = OllamaChatOptions.builder().output_schema(COUNTRY_SCHEMA).build().get_output_schema()
    assert retrieved is not None
    assert '"type"' in retrieved
    assert '"properties"' in retrieved
    assert '"required"' in retrieved
    assert _no_space(retrieved) == _no_space(COUNTRY_SCHEMA)


def test_set_output_schema_with_valid_json_schema() -> None:
    options = OllamaChatOptions.builder().output_schema(COUNTRY_SCHEMA).build()
    assert isinstance(options.get_format(), dict)
    assert isinstance(options.to_map()["format"], dict)
    assert _no_space(options.get_output_schema()) == _no_space(COUNTRY_SCHEMA)


def test_combine_with_collections() -> None:
    @tool(name="base-tool", description="Base tool")
    def base_tool(s: str) -> str:
        return s

    @tool(name="combine-tool1", description="Combine tool 1")
    def combine_tool1(s: str) -> str:
        return s

    @tool(name="combine-tool2", description="Combine tool 2")
    def combine_tool2(s: str) -> str:
        return s

    base = (
        OllamaChatOptions.builder()
        .stop(["base-stop"])
        .tool_callbacks(base_tool)
        .tool_context({"base-key": "base-value"})
    )
    combine = (
        OllamaChatOptions.builder()
        .stop(["combine-stop1", "combine-stop2"])
        .tool_callbacks(combine_tool1, combine_tool2)
        .tool_context({"combine-key1": "combine-value1", "combine-key2": "combine-value2"})
    )
    merged = base.combine_with(combine).build()
    assert isinstance(merged, OllamaChatOptions)
    assert merged.get_stop() == ["base-stop", "combine-stop1", "combine-stop2"]
    assert set(merged.get_tool_callbacks() or []) == {base_tool, combine_tool1, combine_tool2}
    assert merged.get_tool_context() == {
        "base-key": "base-value",
        "combine-key1": "combine-value1",
        "combine-key2": "combine-value2",
    }


# -- inherited from AbstractChatOptionsTests ---------------------------------------------


def test_builder_should_return_new_instances() -> None:
    builder = OllamaChatOptions.builder()
    first, second = builder.build(), builder.build()
    assert type(first) is OllamaChatOptions and type(second) is OllamaChatOptions
    assert first == second
    assert first is not second


def test_mutate_behavior() -> None:
    builder = OllamaChatOptions.builder()
    options1 = builder.build()
    builder2 = options1.mutate()
    options2 = builder2.build()
    builder3 = options1.mutate()
    assert type(builder) is type(builder2)
    assert builder2 is not builder
    assert options1 is not options2
    assert options1 == options2
    assert type(options1) is type(options2)
    assert builder2 is not builder3
