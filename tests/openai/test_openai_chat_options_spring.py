"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.chat.OpenAiChatOptionsTests`: 29 tests ported, 1 skipped.

Where the port differs on purpose the test checks the port's contract and says so:
options leave unset fields ``None`` (the model falls back to ``DEFAULT_CHAT_MODEL``
when it sends); Spring's ``streamOptions(includeUsage)`` is ``stream_usage``;
``output_schema`` is its own field (the model sends it as the ``json_schema``
response format); the Azure and GitHub Models settings (``deploymentName``,
``microsoftFoundry``, ``gitHubModels``) and the audio options (``outputAudio``,
``outputModalities``) are not part of the port, so the tests leave them out.
"""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.openai import OpenAiChatOptions, ResponseFormat
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition.tool_definition import ToolDefinition

SCHEMA = '{\n  "type": "object",\n  "properties": {\n    "name": {\n      "type": "string"\n    }\n  }\n}\n'


class _Callback(ToolCallback):
    def __init__(self, name: str) -> None:
        self._definition = (
            ToolDefinition.builder().name(name).description("desc").input_schema("{}").build()
        )

    def get_tool_definition(self) -> ToolDefinition:
        return self._definition

    def call(self, tool_input: str, tool_context: Any = None) -> str:
        return "result"


def _merge(base: OpenAiChatOptions, override: Any) -> OpenAiChatOptions:
    merged = base.mutate().combine_with(override).build()
    assert isinstance(merged, OpenAiChatOptions)
    return merged


def test_builder_with_all_fields() -> None:
    logit_bias = {"token1": 1, "token2": -1}
    stop = ["stop1", "stop2"]
    options = (
        OpenAiChatOptions.builder()
        .model("test-model")
        .frequency_penalty(0.5)
        .logit_bias(logit_bias)
        .logprobs(True)
        .top_logprobs(5)
        .max_tokens(100)
        .max_completion_tokens(50)
        .n(2)
        .presence_penalty(0.8)
        .stream_usage(True)
        .seed(12345)
        .stop(stop)
        .temperature(0.7)
        .top_p(0.9)
        .user("test-user")
        .parallel_tool_calls(True)
        .store(False)
        .metadata({"key1": "value1"})
        .reasoning_effort("medium")
        .verbosity("low")
        .service_tier("auto")
        .prompt_cache_key("test-cache-key")
        .custom_headers({"header1": "value1"})
        .tool_context({"keyA": "valueA"})
        .extra_body({"top_k": 50, "repetition_penalty": 1.2})
        .build()
    )
    assert options.get_model() == "test-model"
    assert options.get_frequency_penalty() == 0.5
    assert options.get_logit_bias() == logit_bias
    assert options.get_logprobs() is True
    assert options.get_top_logprobs() == 5
    assert options.get_max_tokens() is None
    assert options.get_max_completion_tokens() == 50
    assert options.get_n() == 2
    assert options.get_presence_penalty() == 0.8
    assert options.stream_usage is True
    assert options.get_seed() == 12345
    assert options.get_stop() == stop
    assert options.get_stop_sequences() == stop
    assert options.get_temperature() == 0.7
    assert options.get_top_p() == 0.9
    assert options.get_user() == "test-user"
    assert options.get_parallel_tool_calls() is True
    assert options.get_store() is False
    assert options.get_metadata() == {"key1": "value1"}
    assert options.get_reasoning_effort() == "medium"
    assert options.get_verbosity() == "low"
    assert options.get_service_tier() == "auto"
    assert options.get_prompt_cache_key() == "test-cache-key"
    assert options.custom_headers == {"header1": "value1"}
    assert options.get_tool_context() == {"keyA": "valueA"}
    assert options.get_extra_body() == {"top_k": 50, "repetition_penalty": 1.2}


def test_setters() -> None:
    options = (
        OpenAiChatOptions.builder()
        .model("test-model")
        .frequency_penalty(0.5)
        .logit_bias({"token1": 1})
        .logprobs(True)
        .top_logprobs(5)
        .max_completion_tokens(50)
        .n(2)
        .presence_penalty(0.8)
        .stream_usage(True)
        .seed(12345)
        .stop_sequences(["stop1", "stop2"])
        .temperature(0.7)
        .top_p(0.9)
        .user("test-user")
        .parallel_tool_calls(True)
        .store(False)
        .metadata({"key2": "value2"})
        .reasoning_effort("high")
        .verbosity("medium")
        .service_tier("auto")
        .custom_headers({"header2": "value2"})
        .build()
    )
    assert options.get_stop() == ["stop1", "stop2"]
    assert options.get_max_completion_tokens() == 50
    assert options.get_metadata() == {"key2": "value2"}
    assert options.get_reasoning_effort() == "high"
    assert options.get_verbosity() == "medium"
    assert options.custom_headers == {"header2": "value2"}
    assert options.stream_usage is True


def test_default_values() -> None:
    """Port's contract: the model is unset (None); the request uses DEFAULT_CHAT_MODEL."""
    options = OpenAiChatOptions.builder().build()
    assert options.get_model() is None
    assert OpenAiChatOptions.DEFAULT_CHAT_MODEL == "gpt-5-mini"
    for getter in (
        options.get_frequency_penalty,
        options.get_logit_bias,
        options.get_logprobs,
        options.get_top_logprobs,
        options.get_max_tokens,
        options.get_max_completion_tokens,
        options.get_n,
        options.get_presence_penalty,
        options.get_response_format,
        options.get_seed,
        options.get_stop,
        options.get_stop_sequences,
        options.get_temperature,
        options.get_top_p,
        options.get_top_k,
        options.get_tool_choice,
        options.get_user,
        options.get_parallel_tool_calls,
        options.get_store,
        options.get_metadata,
        options.get_reasoning_effort,
        options.get_verbosity,
        options.get_service_tier,
        options.get_tool_callbacks,
        options.get_tool_context,
        options.get_output_schema,
    ):
        assert getter() is None, getter.__name__
    assert options.stream_usage is None
    assert options.custom_headers is None


def test_equals_and_hash_code() -> None:
    options1 = OpenAiChatOptions(
        model="test-model", temperature=0.7, max_tokens=100, extra_body={"key1": "value1"}
    )
    options2 = OpenAiChatOptions(
        model="test-model", temperature=0.7, max_tokens=100, extra_body={"key1": "value1"}
    )
    options3 = OpenAiChatOptions(
        model="different-model", temperature=0.7, max_tokens=100, extra_body={"key1": "value2"}
    )
    assert options1 == options2
    assert options1 != options3
    assert options1 != None  # noqa: E711


def test_builder_with_null_values() -> None:
    options = (
        OpenAiChatOptions.builder()
        .temperature(None)
        .logit_bias(None)
        .stop(None)
        .metadata(None)
        .extra_body(None)
        .build()
    )
    assert options.get_model() is None
    assert options.get_temperature() is None
    assert options.get_logit_bias() is None
    assert options.get_stop() is None
    assert options.get_metadata() is None
    assert options.get_extra_body() is None


def test_builder_chaining() -> None:
    builder = OpenAiChatOptions.builder()
    result = builder.model("test-model").temperature(0.7).max_tokens(100)
    assert result is builder
    options = result.build()
    assert (options.get_model(), options.get_temperature()) == ("test-model", 0.7)


def test_null_and_empty_collections() -> None:
    options = (
        OpenAiChatOptions.builder().logit_bias(None).stop_sequences(None).metadata(None).build()
    )
    assert options.get_logit_bias() is None
    assert options.get_stop() is None
    assert options.get_metadata() is None
    options = (
        options.mutate().logit_bias({}).stop_sequences([]).metadata({}).custom_headers({}).build()
    )
    assert options.get_logit_bias() == {}
    assert options.get_stop() == []
    assert options.get_metadata() == {}
    assert options.custom_headers == {}


def test_stop_sequences_alias() -> None:
    options = OpenAiChatOptions.builder().stop_sequences(["stop1", "stop2"]).build()
    assert options.get_stop_sequences() == ["stop1", "stop2"]
    assert options.get_stop() == ["stop1", "stop2"]
    options = options.mutate().stop(["stop3", "stop4"]).build()
    assert options.get_stop() == ["stop3", "stop4"]
    assert options.get_stop_sequences() == ["stop3", "stop4"]


def test_max_tokens_is_deprectaed() -> None:
    options = OpenAiChatOptions.builder().max_completion_tokens(100).max_tokens(50).build()
    assert options.get_max_tokens() is None
    assert options.get_max_completion_tokens() == 100


def test_max_completion_tokens_mutual_exclusivity_validation() -> None:
    options = OpenAiChatOptions.builder().max_tokens(50).max_completion_tokens(100).build()
    assert options.get_max_tokens() is None
    assert options.get_max_completion_tokens() == 100


def test_max_tokens_with_null_does_not_clear_max_completion_tokens() -> None:
    options = OpenAiChatOptions.builder().max_completion_tokens(100).max_tokens(None).build()
    assert options.get_max_tokens() is None
    assert options.get_max_completion_tokens() == 100


def test_max_completion_tokens_with_null_does_not_clear_max_tokens() -> None:
    options = OpenAiChatOptions.builder().max_tokens(50).max_completion_tokens(None).build()
    assert options.get_max_tokens() == 50
    assert options.get_max_completion_tokens() is None


def test_builder_can_set_only_max_tokens() -> None:
    assert OpenAiChatOptions.builder().max_tokens(100).build().get_max_completion_tokens() is None


def test_builder_can_set_only_max_completion_tokens() -> None:
    options = OpenAiChatOptions.builder().max_completion_tokens(150).build()
    assert options.get_max_tokens() is None
    assert options.get_max_completion_tokens() == 150


def test_tool_callbacks_and_names() -> None:
    callback1, callback2 = _Callback("tool1"), _Callback("tool2")
    options = OpenAiChatOptions.builder().tool_callbacks(callback1, callback2).build()
    assert options.get_tool_callbacks() == [callback1, callback2]


def test_tool_callbacks_list() -> None:
    callback = _Callback("tool")
    assert OpenAiChatOptions.builder().tool_callbacks([callback]).build().get_tool_callbacks() == [
        callback
    ]


def test_tool_callbacks_builder_validation() -> None:
    assert OpenAiChatOptions.builder().tool_callbacks(None).build().get_tool_callbacks() is None


def test_combine_with_chat_options() -> None:
    merged = (
        OpenAiChatOptions.builder()
        .combine_with(
            ChatOptions.builder().model("override-model").temperature(0.9).max_tokens(100)
        )
        .build()
    )
    assert (merged.get_model(), merged.get_temperature(), merged.get_max_tokens()) == (
        "override-model",
        0.9,
        100,
    )


def test_combine_with_tool_calling_chat_options() -> None:
    merged = (
        OpenAiChatOptions.builder()
        .combine_with(ToolCallingChatOptions.builder().model("override-model").temperature(0.9))
        .build()
    )
    assert (merged.get_model(), merged.get_temperature()) == ("override-model", 0.9)


def test_combine_with_abstract_open_ai_options() -> None:
    override = (
        OpenAiChatOptions.builder()
        .base_url("https://override.com")
        .api_key("override-key")
        .organization_id("override-org")
        .timeout(10)
        .max_retries(5)
        .custom_headers({"header1": "value1"})
        .build()
    )
    merged = OpenAiChatOptions.builder().combine_with(override.mutate()).build()
    assert merged.base_url == "https://override.com"
    assert merged.api_key == "override-key"
    assert merged.get_organization_id() == "override-org"
    assert merged.timeout == 10
    assert merged.max_retries == 5
    assert merged.custom_headers == {"header1": "value1"}


def test_combine_with() -> None:
    base = OpenAiChatOptions(model="base-model", temperature=0.5, max_tokens=100)
    merged = _merge(base, OpenAiChatOptions(model="override-model", top_p=0.9).mutate())
    assert merged.get_model() == "override-model"
    assert merged.get_temperature() == 0.5
    assert merged.get_max_tokens() == 100
    assert merged.get_top_p() == 0.9


def test_mutate_and_build() -> None:
    source = (
        OpenAiChatOptions.builder()
        .model("source-model")
        .temperature(0.7)
        .max_tokens(100)
        .logit_bias({"token": 1})
        .stop(["stop"])
        .metadata({"key": "value"})
        .build()
    )
    copy = source.mutate().build()
    assert copy == source
    assert copy.get_logit_bias() == {"token": 1} and copy.get_stop() == ["stop"]


def test_combine_with_does_not_override_with_null() -> None:
    base = OpenAiChatOptions(model="base-model", temperature=0.5, max_tokens=100)
    merged = _merge(base, OpenAiChatOptions.builder().model(None).temperature(None))
    assert (merged.get_model(), merged.get_temperature(), merged.get_max_tokens()) == (
        "base-model",
        0.5,
        100,
    )


def test_combine_with_preserves_non_null_values() -> None:
    base = OpenAiChatOptions(model="base-model", temperature=0.5, reasoning_effort="medium")
    merged = _merge(
        base, OpenAiChatOptions.builder().model("override-model").reasoning_effort("high")
    )
    assert (merged.get_model(), merged.get_temperature(), merged.get_reasoning_effort()) == (
        "override-model",
        0.5,
        "high",
    )


def test_top_k_returns_null() -> None:
    assert OpenAiChatOptions(top_k=3).get_top_k() is None


def test_set_output_schema() -> None:
    """Port's contract: ``output_schema`` is its own field; ``get_output_schema`` reads
    it (the model sends it as a strict-unset ``json_schema`` response format)."""
    options = OpenAiChatOptions.builder().build().mutate().output_schema(SCHEMA).build()
    assert options.get_output_schema() == SCHEMA
    as_format = ResponseFormat(json_schema=options.get_output_schema())
    assert as_format.get_type() is ResponseFormat.Type.JSON_SCHEMA
    assert as_format.get_strict() is None


def test_set_output_schema_with_strict_disabled() -> None:
    options = (
        OpenAiChatOptions.builder()
        .build()
        .mutate()
        .response_format(ResponseFormat.builder().json_schema(SCHEMA).strict(False).build())
        .build()
    )
    response_format = options.get_response_format()
    assert isinstance(response_format, ResponseFormat)
    assert response_format.get_strict() is False
    assert options.get_output_schema() == SCHEMA


def test_clone_creates_independent_collections() -> None:
    custom_headers = {"key": "value"}
    logit_bias = {"key": 1}
    metadata = {"key": "value"}
    extra_body: dict[str, Any] = {"key": "value"}
    source = (
        OpenAiChatOptions.builder()
        .custom_headers(custom_headers)
        .logit_bias(logit_bias)
        .metadata(metadata)
        .extra_body(extra_body)
    )
    clone = source.clone()
    custom_headers["anotherKey"] = "anotherValue"
    logit_bias["anotherKey"] = 2
    metadata["anotherKey"] = "anotherValue"
    extra_body["anotherKey"] = "anotherValue"
    cloned = clone.build()
    assert cloned.custom_headers == {"key": "value"}
    assert cloned.get_logit_bias() == {"key": 1}
    assert cloned.get_metadata() == {"key": "value"}
    assert cloned.get_extra_body() == {"key": "value"}


def test_clone_handles_null_collections() -> None:
    cloned = OpenAiChatOptions.builder().clone().build()
    assert cloned.custom_headers is None
    assert cloned.get_logit_bias() is None
    assert cloned.get_metadata() is None
    assert cloned.get_extra_body() is None


@pytest.mark.skip(
    reason="Java-only: default-Locale case mapping of audio parameters; audio is out of scope"
)
def test_audio_parameters_are_serialized_locale_independently() -> None:
    pass
