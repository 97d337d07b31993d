"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.StructuredOutputValidationAdvisorTests`:
35 tests ported, 0 skipped (on real chains; Java's ``TypeReference`` /
``ParameterizedTypeReference`` are Python types), followed by the port's own tests:
readable error paths, build-time schema checks, tool calls, and the ChatClient wiring."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    DefaultAroundAdvisorChain,
    StructuredOutputValidationAdvisor,
)
from spring_ai_py.chat.client.advisor.api import (
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.chat.metadata import ChatResponseMetadata, DefaultUsage, Usage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

NAME = "Structured Output Validation Advisor"
VALID = '{"name":"John Doe","age":30}'
FEEDBACK = "Output JSON validation failed because of: "


DOC = Path(__file__).resolve().parents[4] / "docs" / "advisors.md"


def doc_examples(section: str) -> list[str]:
    """The python blocks of one ``## section`` of docs/advisors.md."""
    text = DOC.read_text(encoding="utf-8").split(f"\n## {section}\n")[1].split("\n## ")[0]
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


def run_doc_examples(section: str) -> None:
    blocks = doc_examples(section)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec", dont_inherit=True), {"__name__": "advisors_doc"})


class Person(BaseModel):
    name: str
    age: int


class Address(BaseModel):
    street: str
    city: str
    zip_code: str


class PersonWithAddress(BaseModel):
    name: str
    age: int
    address: Address


@dataclass
class Film:
    title: str
    year: int


@dataclass
class Filmography:
    actor: str
    films: list[Film]


class Terminal(CallAdvisor, StreamAdvisor):
    """The innermost advisor: answers from ``answer(call_number)`` and records requests."""

    def __init__(self, answer: Callable[[int], ChatClientResponse]) -> None:
        self.answer = answer
        self.requests: list[ChatClientRequest] = []

    def get_name(self) -> str:
        return "terminal"

    def get_order(self) -> int:
        return Ordered.LOWEST_PRECEDENCE

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.requests.append(chat_client_request)
        return self.answer(len(self.requests))

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.requests.append(chat_client_request)
        yield self.answer(len(self.requests))


def response(text: str | None, usage: Usage | None = None) -> ChatClientResponse:
    if text is None:
        return ChatClientResponse(None, {})
    metadata = ChatResponseMetadata.builder().usage(usage).build() if usage else None
    return ChatClientResponse(ChatResponse([Generation(AssistantMessage(text))], metadata), {})


def answers(*responses: ChatClientResponse) -> Callable[[int], ChatClientResponse]:
    """The n-th call gets the n-th response; later calls get the last one."""
    return lambda n: responses[min(n, len(responses)) - 1]


def request(text: str = "test message", **context: object) -> ChatClientRequest:
    return ChatClientRequest(Prompt([UserMessage(text)]), dict(context))


def run(
    advisor: StructuredOutputValidationAdvisor,
    *responses: ChatClientResponse,
    chat_client_request: ChatClientRequest | None = None,
) -> tuple[ChatClientResponse, Terminal]:
    terminal = Terminal(answers(*responses))
    chain = DefaultAroundAdvisorChain.builder().push_all([advisor, terminal]).build()
    return chain.next_call(chat_client_request or request()), terminal


def validator(
    output_type: object = Person, attempts: int | None = None
) -> StructuredOutputValidationAdvisor:
    builder = StructuredOutputValidationAdvisor.builder().output_type(output_type)
    if attempts is not None:
        builder.max_repeat_attempts(attempts)
    return builder.build()


def user_text(chat_client_request: ChatClientRequest) -> str | None:
    return chat_client_request.prompt.get_instructions()[0].get_text()


# -- building ------------------------------------------------------------------------


def test_when_neither_output_type_nor_schema_is_set_then_throw() -> None:
    with pytest.raises(ValueError, match="Either output_type or output_json_schema must be set"):
        StructuredOutputValidationAdvisor.builder().build()


def test_a_blank_schema_counts_as_not_set() -> None:
    with pytest.raises(ValueError, match="Either output_type or output_json_schema must be set"):
        StructuredOutputValidationAdvisor.builder().output_json_schema("  ").build()


def test_when_both_output_type_and_schema_are_set_then_throw() -> None:
    with pytest.raises(
        ValueError, match="Only output_type or output_json_schema can be set, not both"
    ):
        (
            StructuredOutputValidationAdvisor.builder()
            .output_type(Person)
            .output_json_schema('{"type":"object"}')
            .build()
        )


def test_when_output_json_schema_is_set_then_build_succeeds() -> None:
    schema = '{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name","age"]}'
    advisor = StructuredOutputValidationAdvisor.builder().output_json_schema(schema).build()
    assert advisor.get_name() == NAME
    assert advisor.get_order() == Ordered.LOWEST_PRECEDENCE - 2000


def test_when_advisor_order_is_out_of_range_then_throw() -> None:
    for order in (Ordered.HIGHEST_PRECEDENCE, Ordered.LOWEST_PRECEDENCE):
        with pytest.raises(
            ValueError,
            match="advisor_order must be between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE",
        ):
            StructuredOutputValidationAdvisor.builder().output_type(Person).advisor_order(
                order
            ).build()


def test_when_repeat_attempts_is_negative_then_throw() -> None:
    with pytest.raises(ValueError, match="max_repeat_attempts must be greater than or equal to 0"):
        validator(attempts=-1)


def test_builder_method_chaining_with_jackson_type_reference() -> None:
    """Jackson's ``TypeReference<Person>`` is the type ``Person`` (PORTING §3)."""
    advisor = (
        StructuredOutputValidationAdvisor.builder()
        .output_type(Person)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 500)
        .max_repeat_attempts(5)
        .build()
    )
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 500
    assert advisor.get_name() == NAME


def test_builder_method_chaining_with_type_reference() -> None:
    """A generic type reference is a typing generic here: ``list[Person]``."""
    advisor = (
        StructuredOutputValidationAdvisor.builder()
        .output_type(list[Person])
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 600)
        .build()
    )
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 600
    assert advisor.get_name() == NAME


def test_builder_method_chaining_with_parameterized_type_reference() -> None:
    """Spring's ``ParameterizedTypeReference<Person>`` is the type ``Person``."""
    advisor = (
        StructuredOutputValidationAdvisor.builder()
        .output_type(Person)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 700)
        .build()
    )
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 700
    assert advisor.get_name() == NAME


def test_builder_with_type_only() -> None:
    advisor = StructuredOutputValidationAdvisor.builder().output_type(Person).build()
    assert advisor.get_order() == Ordered.LOWEST_PRECEDENCE - 2000
    assert advisor.get_name() == NAME


def test_get_name() -> None:
    assert validator().get_name() == NAME


def test_get_order() -> None:
    advisor = (
        StructuredOutputValidationAdvisor.builder()
        .output_type(Person)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 1500)
        .build()
    )
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 1500


def test_default_values() -> None:
    advisor = validator()
    assert advisor.get_order() == Ordered.LOWEST_PRECEDENCE - 2000
    assert advisor.get_name() == NAME
    _, terminal = run(advisor, response('{"invalid":"json"}'))
    assert len(terminal.requests) == 4  # 1 + the default 3 repeat attempts


def test_keyword_constructor_and_mutate() -> None:
    advisor = StructuredOutputValidationAdvisor(output_type=Person, max_repeat_attempts=1)
    _, terminal = run(advisor, response("{}"))
    assert len(terminal.requests) == 2
    reordered = advisor.mutate().advisor_order(5).build()
    assert reordered.get_order() == 5
    _, terminal = run(reordered, response("{}"))
    assert len(terminal.requests) == 2


def test_a_schema_that_is_not_json_is_rejected_when_built() -> None:
    with pytest.raises(ValueError, match="Failed to parse JSON schema"):
        StructuredOutputValidationAdvisor.builder().output_json_schema("{not json").build()


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        ('{"type": "nonsense"}', "at type"),
        ('{"properties": {"age": {"minimum": "ten"}}}', "at properties.age.minimum"),
        ("[1, 2]", "at $"),
    ],
)
def test_a_malformed_schema_is_rejected_when_built(schema: str, where: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"Invalid JSON schema {where}: ")):
        StructuredOutputValidationAdvisor.builder().output_json_schema(schema).build()


def test_a_schema_can_be_given_as_a_dict() -> None:
    advisor = StructuredOutputValidationAdvisor(
        output_json_schema={"type": "array", "items": {"type": "integer"}}, max_repeat_attempts=1
    )
    result, terminal = run(advisor, response('[1, "two"]'), response("[1, 2]"))
    assert len(terminal.requests) == 2
    assert FEEDBACK + "[1]: 'two' is not of type 'integer'" in (
        user_text(terminal.requests[1]) or ""
    )
    assert result.chat_response is not None


def test_a_type_the_converter_cannot_describe_fails_when_built() -> None:
    with pytest.raises(ValueError, match="Cannot convert output"):
        validator(object())


def test_when_chat_client_request_is_null_then_throw() -> None:
    chain = DefaultAroundAdvisorChain.builder().push(Terminal(answers(response(VALID)))).build()
    with pytest.raises(ValueError, match="chat_client_request must not be null"):
        validator().advise_call(None, chain)  # type: ignore[arg-type]


def test_when_call_advisor_chain_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="call_advisor_chain must not be null"):
        validator().advise_call(request(), None)  # type: ignore[arg-type]


# -- the retry loop ------------------------------------------------------------------


def test_advise_call_with_valid_json_on_first_attempt() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=3), valid)
    assert result is valid
    assert len(terminal.requests) == 1


def test_advise_call_with_invalid_json_retries() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=2), response('{"name":"John Doe"}'), valid)
    assert result is valid
    assert len(terminal.requests) == 2


def test_advise_call_accumulates_usage_across_validation_retries() -> None:
    result, terminal = run(
        validator(attempts=1),
        response('{"name":"John Doe"}', DefaultUsage(10, 20, 30)),
        response(VALID, DefaultUsage(1, 2, 3)),
    )
    assert result.chat_response is not None
    assert result.chat_response.get_result().get_output().get_text() == VALID  # type: ignore[union-attr]
    usage = result.chat_response.get_metadata().get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        11,
        22,
        33,
    )
    assert len(terminal.requests) == 2


def test_advise_call_applies_accumulated_usage_when_validation_retries_are_exhausted() -> None:
    result, terminal = run(
        validator(attempts=1),
        response('{"name":"John Doe"}', DefaultUsage(10, 20, 30)),
        response('{"age":30}', DefaultUsage(1, 2, 3)),
    )
    assert result.chat_response is not None
    assert result.chat_response.get_result().get_output().get_text() == '{"age":30}'  # type: ignore[union-attr]
    assert result.chat_response.get_metadata().get_usage().get_total_tokens() == 33
    assert len(terminal.requests) == 2


def test_advise_call_exhausts_all_retries() -> None:
    invalid = response('{"invalid":"json"}')
    result, terminal = run(validator(attempts=2), invalid)
    assert result is invalid
    assert len(terminal.requests) == 3  # the first attempt + 2 retries


def test_advise_call_with_zero_retries() -> None:
    invalid = response('{"invalid":"json"}')
    result, terminal = run(validator(attempts=0), invalid)
    assert result is invalid
    assert len(terminal.requests) == 1


def test_advise_call_with_null_chat_response() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=1), response(None), valid)
    assert result is valid
    assert FEEDBACK + "Missing required json output for validation." in (
        user_text(terminal.requests[1]) or ""
    )


def test_advise_call_with_null_result() -> None:
    valid = response(VALID)
    empty = ChatClientResponse(ChatResponse([]), {})
    result, terminal = run(validator(attempts=1), empty, valid)
    assert result is valid
    assert len(terminal.requests) == 2


def test_advise_call_with_complex_type() -> None:
    valid = response('{"street":"123 Main St","city":"Springfield","zip_code":"12345"}')
    result, _ = run(validator(Address, attempts=2), valid)
    assert result is valid


def test_multiple_retries_with_different_invalid_responses() -> None:
    valid = response(VALID)
    result, terminal = run(
        validator(attempts=3),
        response('{"name":"John"}'),
        response('{"age":30}'),
        response("not json at all"),
        valid,
    )
    assert result is valid
    assert len(terminal.requests) == 4


def test_prompt_augmentation_with_validation_error() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=1), response('{"name":"John"}'), valid)
    assert result is valid
    first, second = (user_text(r) or "" for r in terminal.requests)
    assert first == "test message"
    assert second == "test message\n" + FEEDBACK + "$: 'age' is a required property"


def test_each_retry_augments_the_original_question_with_the_latest_errors_only() -> None:
    _, terminal = run(
        validator(attempts=2), response('{"name":"John"}'), response('{"age":30}'), response(VALID)
    )
    third = user_text(terminal.requests[2]) or ""
    assert third == "test message\n" + FEEDBACK + "$: 'name' is a required property"


def test_retries_keep_the_request_context() -> None:
    _, terminal = run(
        validator(attempts=1),
        response("{}"),
        response(VALID),
        chat_client_request=request(key="value"),
    )
    assert [r.context for r in terminal.requests] == [{"key": "value"}, {"key": "value"}]


def test_validation_with_empty_json_string() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=1), response(""), valid)
    assert result is valid
    assert FEEDBACK + "Empty JSON output for validation." in (user_text(terminal.requests[1]) or "")


def test_validation_with_malformed_json() -> None:
    valid = response(VALID)
    result, terminal = run(validator(attempts=1), response('{"name":"John", age:30}'), valid)
    assert result is valid
    feedback = user_text(terminal.requests[1]) or ""
    assert FEEDBACK + "Invalid JSON: Expecting property name enclosed in double quotes" in feedback


def test_validation_with_extra_fields() -> None:
    """With no retries the answer comes back as it is (Spring's assertion); the schema
    of ``output_type`` forbids extra properties, so with a retry the model is told."""
    extra = response('{"name":"John Doe","age":30,"extraField":"value"}')
    result, _ = run(validator(attempts=0), extra)
    assert result is extra  # the last answer is returned even though it is invalid
    valid = response(VALID)
    _, terminal = run(validator(attempts=1), extra, valid)
    assert "'extraField' was unexpected" in (user_text(terminal.requests[1]) or "")


def test_validation_with_nested_object() -> None:
    valid = response(
        '{"name":"John Doe","age":30,"address":{"street":"123 Main St","city":"Springfield","zip_code":"12345"}}'
    )
    result, _ = run(validator(PersonWithAddress, attempts=2), valid)
    assert result is valid


def test_validation_with_invalid_nested_object() -> None:
    invalid = response('{"name":"John Doe","age":30,"address":{"street":"123 Main St"}}')
    valid = response(
        '{"name":"John Doe","age":30,"address":{"street":"123 Main St","city":"Springfield","zip_code":"12345"}}'
    )
    result, terminal = run(validator(PersonWithAddress, attempts=1), invalid, valid)
    assert result is valid
    assert (user_text(terminal.requests[1]) or "").endswith(
        FEEDBACK
        + "address: 'city' is a required property; address: 'zip_code' is a required property"
    )


def test_validation_with_list_type() -> None:
    valid = response('[{"name":"John Doe","age":30},{"name":"Jane Doe","age":25}]')
    result, _ = run(validator(list[Person], attempts=1), valid)
    assert result is valid


def test_validation_with_invalid_list_type() -> None:
    valid = response('[{"name":"John Doe","age":30},{"name":"Jane Doe","age":25}]')
    result, terminal = run(
        validator(list[Person], attempts=1),
        response('[{"name":"John Doe","age":30},{"name":"Jane Doe"}]'),
        valid,
    )
    assert result is valid
    assert (user_text(terminal.requests[1]) or "").endswith(
        FEEDBACK + "[1]: 'age' is a required property"
    )


def test_error_paths_are_readable() -> None:
    answer = json.dumps(
        {
            "actor": "Tom Hanks",
            "films": [{"title": "Big", "year": 1988}, {"title": "Splash", "year": "1984"}],
        }
    )
    _, terminal = run(validator(Filmography, attempts=1), response(answer), response(answer))
    assert (user_text(terminal.requests[1]) or "").endswith(
        FEEDBACK + "films[1].year: '1984' is not of type 'integer'"
    )


def test_validation_with_wrong_type_in_field() -> None:
    attempts = 3
    valid = response(VALID)
    invalid = response('{"name":"John Doe","age":"thirty"}')
    result, terminal = run(validator(attempts=attempts), *([invalid] * attempts), valid)
    assert result is valid
    assert len(terminal.requests) == attempts + 1
    assert "age: 'thirty' is not of type 'integer'" in (user_text(terminal.requests[1]) or "")


def test_advisor_ordering_in_chain() -> None:
    class Other(CallAdvisor):
        def __init__(self) -> None:
            self.calls = 0

        def get_name(self) -> str:
            return "other"

        def get_order(self) -> int:
            return Ordered.HIGHEST_PRECEDENCE + 500

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            self.calls += 1
            return call_advisor_chain.next_call(chat_client_request)

    other = Other()
    advisor = (
        StructuredOutputValidationAdvisor.builder()
        .output_type(Person)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 1000)
        .build()
    )
    valid = response(VALID)
    terminal = Terminal(answers(response("{}"), valid))
    chain = DefaultAroundAdvisorChain.builder().push_all([advisor, terminal, other]).build()

    assert chain.next_call(request()) is valid
    assert other.calls == 1  # outside the validation loop: runs once
    assert len(terminal.requests) == 2


def test_a_tool_call_response_is_returned_to_the_tool_loop_without_validation() -> None:
    # Spring 2.0.1 re-calls the model with the same prompt until the attempts run out
    # (spring-projects/spring-ai PR #6588); here the tool call goes straight back out.
    tool_call = AssistantMessage.ToolCall("1", "function", "weather", "{}")
    tool_response = ChatClientResponse(
        ChatResponse([Generation(AssistantMessage("", tool_calls=[tool_call]))]), {}
    )
    result, terminal = run(validator(attempts=3), tool_response)
    assert result is tool_response
    assert len(terminal.requests) == 1


# -- the stream path: not supported, as in Spring ------------------------------------

UNSUPPORTED = "The Structured Output Validation Advisor does not support streaming."


def test_advise_stream_throws_unsupported_operation_exception() -> None:
    """``UnsupportedOperationException`` is ``NotImplementedError`` (PORTING §4), raised
    when the stream is iterated, as Spring's ``Flux.error`` fails on subscription."""
    stream = validator().advise_stream(request(), None)  # type: ignore[arg-type]

    async def first() -> ChatClientResponse:
        return await anext(stream)

    with pytest.raises(NotImplementedError, match=UNSUPPORTED):
        asyncio.run(first())


def test_stream_fails_through_the_chat_client_with_plain_for_and_async_for() -> None:
    model = ScriptedChatModel("not json", "still not json")
    client = ChatClient.builder(model).default_advisors(validator()).build()

    with pytest.raises(NotImplementedError, match=UNSUPPORTED):
        "".join(client.prompt().user("hi").stream().content())

    async def consume() -> str:
        return "".join([c async for c in client.prompt().user("hi").stream().content()])

    with pytest.raises(NotImplementedError, match=UNSUPPORTED):
        asyncio.run(consume())
    assert model.prompts == []


def test_stream_through_a_chain_fails_on_first_iteration_without_calling_inner_advisors() -> None:
    advisor = validator()
    terminal = Terminal(answers(response("not json")))
    chain = DefaultAroundAdvisorChain.builder().push_all([advisor, terminal]).build()
    stream = chain.next_stream(request())  # nothing runs before iteration, as with a Flux

    async def consume() -> list[ChatClientResponse]:
        return [r async for r in stream]

    with pytest.raises(NotImplementedError, match=UNSUPPORTED):
        asyncio.run(consume())
    assert terminal.requests == []


# -- through the ChatClient: entity(..., lambda s: s.validate_schema()) ---------------


def test_chat_client_entity_with_validate_schema_retries_with_feedback() -> None:
    model = ScriptedChatModel('{"name": "Ada"}', '{"name": "Ada", "age": 36}')
    client = ChatClient.builder(model).build()

    person = (
        client.prompt()
        .user("Who wrote the first program?")
        .call()
        .entity(Person, lambda s: s.validate_schema())
    )

    assert person == Person(name="Ada", age=36)
    assert len(model.prompts) == 2
    retry_text = model.prompts[1].get_user_message().get_text() or ""
    assert retry_text.startswith(
        "Who wrote the first program?\n" + FEEDBACK + "$: 'age' is a required property\n"
    )
    assert "JSON Schema" in retry_text  # the format instructions still follow


def test_chat_client_entity_list_with_validate_schema_and_summed_usage() -> None:
    model = ScriptedChatModel('[{"name": "Ada"}]', '[{"name": "Ada", "age": 36}]')
    client = ChatClient.builder(model).build()

    entity = (
        client.prompt()
        .user("People?")
        .call()
        .response_entity(list[Person], lambda s: s.validate_schema())
    )

    assert entity.entity == [Person(name="Ada", age=36)]
    first_retry = model.prompts[1].get_user_message().get_text() or ""
    assert FEEDBACK + "[0]: 'age' is a required property" in first_retry
    assert entity.response is not None
    usage = entity.response.get_metadata().get_usage()
    # The scripted model counts words: the usage of both calls is summed.
    prompt_words = sum(len(p.get_contents().split()) for p in model.prompts)
    assert usage.get_prompt_tokens() == prompt_words
    assert usage.get_completion_tokens() == 2 + 4


def test_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    run_doc_examples("StructuredOutputValidationAdvisor")
    assert capsys.readouterr().out == (
        "Film(title='Splash', year=1984)\n"
        "Output JSON validation failed because of: films[1].year: '1984' is not of type 'integer'\n"
        "[1, 2, 3]\n"
        f"Structured Output Validation Advisor {Ordered.LOWEST_PRECEDENCE - 2000}\n"
    )


def test_each_attempt_is_a_model_span_inside_the_advisor_span(otel: Any) -> None:
    model = ScriptedChatModel('{"name": "Ada"}', '{"name": "Ada", "age": 36}')
    client = ChatClient.builder(model, otel.provider).build()

    client.prompt().user("Who?").call().entity(Person, lambda s: s.validate_schema())

    # The auto-registered ToolCallingAdvisor (HIGHEST_PRECEDENCE + 300) is outermost.
    assert otel.tree().splitlines()[:5] == [
        "spring_ai chat_client",
        "  tool_calling",
        "    structured_output_validation",
        "      call",
        "      call",
    ]
    advisor_span = otel.span("structured_output_validation")
    assert advisor_span.attributes is not None
    assert advisor_span.attributes["spring.ai.advisor.name"] == NAME
    assert advisor_span.attributes["spring.ai.advisor.order"] == Ordered.LOWEST_PRECEDENCE - 2000
