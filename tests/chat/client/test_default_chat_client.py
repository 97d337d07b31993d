"""Spring's DefaultChatClientTests, DefaultChatClientBuilderTests and
DefaultChatClientUtilsTests (tool registration is covered with the tool-calling issue)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import (
    AdvisorSpec,
    CallResponseSpec,
    ChatClient,
    ChatClientBuilder,
    ChatClientRequest,
    ChatClientRequestSpec,
    ChatClientResponse,
    DefaultChatClient,
    PromptSystemSpec,
    PromptUserSpec,
    StreamResponseSpec,
)
from spring_ai_py.chat.client.advisor import DefaultAroundAdvisorChain
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.client.observation import DefaultChatClientObservationConvention
from spring_ai_py.chat.messages import AssistantMessage, Message, SystemMessage, UserMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.content import Media
from spring_ai_py.converter import ListOutputConverter
from spring_ai_py.template import StTemplateRenderer, TemplateRenderer
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


class Person(BaseModel):
    name: str


class NoneModel(ChatModel):
    """A model whose call returns ``None`` (Spring's mock returning null)."""

    def __init__(self) -> None:
        self.prompts: list[Prompt] = []

    def call(self, prompt: Prompt) -> ChatResponse:
        self.prompts.append(prompt)
        return None  # type: ignore[return-value]


class Catcher(CallAdvisor):
    """Records the request it sees."""

    def __init__(self) -> None:
        self.requests: list[ChatClientRequest] = []

    def get_name(self) -> str:
        return "Catcher"

    def get_order(self) -> int:
        return 0

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.requests.append(chat_client_request)
        return call_advisor_chain.next_call(chat_client_request)


class UpperRenderer(TemplateRenderer):
    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        return template.upper()


def null_text_response() -> ChatResponse:
    return ChatResponse([Generation(AssistantMessage(None))])


def client(model: ChatModel | None = None) -> ChatClient:
    return ChatClient.builder(model or ScriptedChatModel("response")).build()


# -- constructor and prompt() -----------------------------------------------------


def test_default_chat_client_rejects_none_defaults() -> None:
    with pytest.raises(ValueError, match=r"^defaultChatClientRequest cannot be null$"):
        DefaultChatClient(None)  # type: ignore[arg-type]


def test_prompt_returns_a_spec() -> None:
    assert isinstance(client().prompt(), ChatClientRequestSpec)


def test_prompt_with_empty_content_raises() -> None:
    with pytest.raises(ValueError, match=r"^content cannot be null or empty$"):
        client().prompt("")


def test_prompt_with_content_becomes_a_message() -> None:
    spec = client().prompt("my question")
    assert [m.get_text() for m in spec.get_messages()] == ["my question"]


def test_prompt_with_messages_keeps_them_and_no_options() -> None:
    spec = client().prompt(Prompt([SystemMessage("instructions"), UserMessage("my question")]))
    assert [m.get_text() for m in spec.get_messages()] == ["instructions", "my question"]
    assert spec.get_options_customizer() is None


def test_prompt_options_are_combined_with_default_options() -> None:
    chat_client = (
        ChatClient.builder(ScriptedChatModel())
        .default_options(ChatOptions.builder().model("default-model").top_k(3))
        .build()
    )
    options = ChatOptions.builder().model("test-model").temperature(0.7).build()
    spec = chat_client.prompt(Prompt([UserMessage("my question")], options))
    customizer = spec.get_options_customizer()
    assert customizer is not None
    built = customizer.build()
    assert (built.get_model(), built.get_temperature(), built.get_top_k()) == ("test-model", 0.7, 3)


def test_prompt_options_without_defaults_become_the_customizer() -> None:
    options = ChatOptions.builder().model("test-model").temperature(0.7).build()
    spec = client().prompt(Prompt([UserMessage("my question")], options))
    customizer = spec.get_options_customizer()
    assert customizer is not None
    assert (customizer.build().get_model(), customizer.build().get_temperature()) == (
        "test-model",
        0.7,
    )


def test_mutate_copies_every_default() -> None:
    media = Media("image/png", "http://example.com/image.png")
    advisor = Catcher()
    renderer = UpperRenderer()
    options = ChatOptions.builder().temperature(0.3)
    user1, user2 = UserMessage("one"), UserMessage("two")
    builder = ChatClient.builder(ScriptedChatModel())
    builder.add_messages([user1, user2])
    original = (
        builder.default_advisors(advisor)
        .default_options(options)
        .default_user(
            lambda u: (
                u.text("original user {userParams}")
                .param("userParams", "user value2")
                .media(media)
                .metadata("userMetadata", "user data3")
            )
        )
        .default_system(
            lambda s: s.text("original system {sysParams}").param("sysParams", "system value1")
        )
        .default_template_renderer(renderer)
        .build()
    )
    original_spec = original.prompt()
    mutated_spec = original.mutate().build().prompt()

    assert mutated_spec is not original_spec
    assert mutated_spec.get_messages() == [user1, user2]
    assert mutated_spec.get_advisors() == [advisor]
    customizer = mutated_spec.get_options_customizer()
    assert customizer is not None and customizer is not options
    assert customizer.build() == options.build()
    assert mutated_spec.get_user_text() == "original user {userParams}"
    assert mutated_spec.get_user_params() == {"userParams": "user value2"}
    assert mutated_spec.get_user_metadata() == {"userMetadata": "user data3"}
    assert mutated_spec.get_media() == [media]
    assert mutated_spec.get_system_text() == "original system {sysParams}"
    assert mutated_spec.get_system_params() == {"sysParams": "system value1"}
    assert mutated_spec.get_template_renderer() is renderer


def test_each_prompt_is_an_independent_copy_of_the_defaults() -> None:
    chat_client = (
        ChatClient.builder(ScriptedChatModel())
        .default_advisors(lambda a: a.param("k", "v"))
        .build()
    )
    first = chat_client.prompt().advisors(lambda a: a.param("k", "changed")).user("x")
    assert chat_client.prompt().get_advisor_params() == {"k": "v"}
    assert chat_client.prompt().get_user_text() is None
    assert first.get_advisor_params() == {"k": "changed"}


def test_mutate_request_spec_builds_a_new_client() -> None:
    spec = client().prompt().user("my question")
    new_builder = spec.mutate()
    new_builder.default_user("another question")
    new_spec = new_builder.build().prompt()
    assert spec.get_user_text() == "my question"
    assert new_spec.get_user_text() == "another question"


def test_mutate_builder_returns_same_type() -> None:
    assert isinstance(client().mutate(), ChatClientBuilder)
    assert isinstance(ChatClient.builder(ScriptedChatModel()), ChatClient.Builder)  # type: ignore[attr-defined]


# -- PromptUserSpec / PromptSystemSpec ---------------------------------------------------


@pytest.mark.parametrize("cls", [PromptUserSpec, PromptSystemSpec])
def test_new_prompt_spec_is_empty(cls: type[PromptSystemSpec]) -> None:
    spec = cls()
    assert spec.text_value is None
    assert spec.params_value == {}
    assert spec.metadata_value == {}


def test_user_media_none_raises() -> None:
    with pytest.raises(ValueError, match=r"^media cannot be null$"):
        PromptUserSpec().media(None)  # type: ignore[arg-type]


def test_user_media_with_none_elements_raises() -> None:
    with pytest.raises(ValueError, match=r"^media cannot contain null elements$"):
        PromptUserSpec().media(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^media cannot contain null elements$"):
        PromptUserSpec().media([None])  # type: ignore[list-item]


def test_user_media_objects() -> None:
    media = Media("image/png", "http://example.com/image.png")
    spec = PromptUserSpec().media(media)
    assert spec.media_value == [media]
    assert PromptUserSpec().media([media, media]).media_value == [media, media]


def test_user_media_mime_type_and_url() -> None:
    spec = PromptUserSpec().media("image/png", "http://example.com/image.png")
    assert spec.media_value == [Media("image/png", "http://example.com/image.png")]
    spec = PromptUserSpec().media("image/png", url="http://example.com/other.png")
    assert spec.media_value[0].get_data() == "http://example.com/other.png"


def test_user_media_mime_type_and_bytes() -> None:
    spec = PromptUserSpec().media("image/png", b"\x89PNG")
    assert spec.media_value[0].get_data() == b"\x89PNG"


def test_user_media_missing_mime_type_or_url_raises() -> None:
    with pytest.raises(ValueError, match=r"^mime_type cannot be null$"):
        PromptUserSpec().media(None, "http://example.com/image.png")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^url cannot be null$"):
        PromptUserSpec().media("image/png", None)  # type: ignore[arg-type]


def test_user_media_rejects_non_media() -> None:
    with pytest.raises(TypeError, match=r"media must be Media objects"):
        PromptUserSpec().media(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [PromptUserSpec, PromptSystemSpec])
def test_spec_text(cls: type[PromptSystemSpec], tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        cls().text(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^text cannot be null or empty$"):
        cls().text("")
    assert cls().text("my question").text_value == "my question"
    resource = tmp_path / "prompt.txt"
    resource.write_text("from a file", encoding="utf-8")
    assert cls().text(resource).text_value == "from a file"


@pytest.mark.parametrize("cls", [PromptUserSpec, PromptSystemSpec])
def test_spec_param(cls: type[PromptSystemSpec]) -> None:
    with pytest.raises(ValueError, match=r"^key cannot be null or empty$"):
        cls().param(None, "value")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^key cannot be null or empty$"):
        cls().param("", "value")
    with pytest.raises(ValueError, match=r"^value cannot be null$"):
        cls().param("key", None)
    assert cls().param("key", "value").params_value == {"key": "value"}


@pytest.mark.parametrize("cls", [PromptUserSpec, PromptSystemSpec])
def test_spec_params(cls: type[PromptSystemSpec]) -> None:
    with pytest.raises(ValueError, match=r"^params cannot be null$"):
        cls().params(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^param keys cannot contain null elements$"):
        cls().params({None: "value"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"^param values cannot contain null elements$"):
        cls().params({"key": None})
    assert cls().params({"key": "value"}).params_value == {"key": "value"}
    assert cls().params({}).params_value == {}


@pytest.mark.parametrize("cls", [PromptUserSpec, PromptSystemSpec])
def test_spec_metadata(cls: type[PromptSystemSpec]) -> None:
    with pytest.raises(ValueError, match=r"^metadata key cannot be null or empty$"):
        cls().metadata("", "value")
    with pytest.raises(ValueError, match=r"^metadata value cannot be null$"):
        cls().metadata("key", None)
    with pytest.raises(ValueError, match=r"^metadata cannot be null$"):
        cls().metadata(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^metadata keys cannot contain null elements$"):
        cls().metadata({None: "value"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"^metadata values cannot contain null elements$"):
        cls().metadata({"key": None})
    assert cls().metadata("key", "value").metadata_value == {"key": "value"}
    assert cls().metadata({"key": "value"}).metadata_value == {"key": "value"}


# -- AdvisorSpec -------------------------------------------------------------------------


def test_advisor_spec() -> None:
    spec = AdvisorSpec()
    assert spec.get_advisors() == []
    assert spec.get_params() == {}
    with pytest.raises(ValueError, match=r"^key cannot be null or empty$"):
        spec.param(None, "value")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^key cannot be null or empty$"):
        spec.param("", "value")
    with pytest.raises(ValueError, match=r"^params cannot be null$"):
        spec.params(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^param keys cannot contain null elements$"):
        spec.params({None: "value"})  # type: ignore[dict-item]
    spec.param("key", "value").params({"param1": "value1", "param2": "value2"})
    assert spec.get_params() == {"key": "value", "param1": "value1", "param2": "value2"}


def test_advisor_spec_advisors() -> None:
    advisor = Catcher()
    with pytest.raises(ValueError, match=r"^advisors cannot contain null elements$"):
        AdvisorSpec().advisors(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^advisors cannot contain null elements$"):
        AdvisorSpec().advisors([None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"is not an Advisor"):
        AdvisorSpec().advisors("not an advisor")  # type: ignore[arg-type]
    assert AdvisorSpec().advisors(advisor).get_advisors() == [advisor]
    assert AdvisorSpec().advisors([advisor]).get_advisors() == [advisor]


# -- CallResponseSpec ---------------------------------------------------------------------


def _request() -> ChatClientRequest:
    return ChatClientRequest(Prompt("q"), {})


@pytest.mark.parametrize("cls", [CallResponseSpec, StreamResponseSpec])
def test_response_spec_constructor_rejects_none(cls: Any) -> None:
    chain = DefaultAroundAdvisorChain.builder().build()
    convention = DefaultChatClientObservationConvention()
    from spring_ai_py._observation import tracer_for

    tracer = tracer_for(None)
    with pytest.raises(ValueError, match=r"^chatClientRequest cannot be null$"):
        cls(None, chain, tracer, convention)
    with pytest.raises(ValueError, match=r"^advisorChain cannot be null$"):
        cls(_request(), None, tracer, convention)
    with pytest.raises(ValueError, match=r"^observationConvention cannot be null$"):
        cls(_request(), chain, tracer, None)


def test_call_response_spec_is_built() -> None:
    assert isinstance(client().prompt("question").call(), CallResponseSpec)
    assert isinstance(client().prompt("question").stream(), StreamResponseSpec)


def test_simple_prompt_then_chat_client_response() -> None:
    model = ScriptedChatModel("response")
    response = client(model).prompt("my question").call().chat_client_response()
    assert response.chat_response is not None
    assert response.chat_response.get_result().get_output().get_text() == "response"  # type: ignore[union-attr]
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == ["my question"]


def test_simple_prompt_then_chat_response() -> None:
    model = ScriptedChatModel("response")
    chat_response = client(model).prompt("my question").call().chat_response()
    assert chat_response is not None
    assert chat_response.get_result().get_output().get_text() == "response"  # type: ignore[union-attr]


def test_full_prompt_then_chat_response() -> None:
    model = ScriptedChatModel("response")
    client(model).prompt(
        Prompt([SystemMessage("instructions"), UserMessage("my question")])
    ).call().chat_response()
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == [
        "instructions",
        "my question",
    ]


def test_prompt_and_user_text_then_chat_response() -> None:
    model = ScriptedChatModel("response")
    client(model).prompt(Prompt([SystemMessage("instructions"), UserMessage("my question")])).user(
        "another question"
    ).call().chat_response()
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == [
        "instructions",
        "my question",
        "another question",
    ]


def test_user_text_and_messages_then_chat_response() -> None:
    model = ScriptedChatModel("response")
    client(model).prompt().user("another question").messages(
        [SystemMessage("instructions"), UserMessage("my question")]
    ).call().chat_response()
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == [
        "instructions",
        "my question",
        "another question",
    ]


def test_chat_response_is_none_when_model_returns_none() -> None:
    model = NoneModel()
    spec = client(model).prompt("my question").call()
    assert spec.chat_response() is None
    assert spec.content() is None


def test_content_is_none_when_text_is_none() -> None:
    model = ScriptedChatModel(null_text_response())
    assert client(model).prompt("my question").call().content() is None


def test_entity_with_type() -> None:
    model = ScriptedChatModel('{ "name": "James Bond" }')
    entity = client(model).prompt("my question").call().entity(Person)
    assert entity == Person(name="James Bond")


def test_entity_with_generic_type() -> None:
    model = ScriptedChatModel(
        '[{ "name": "James Bond" }, { "name": "Ethan Hunt" }, { "name": "Jason Bourne" }]'
    )
    entity = client(model).prompt("my question").call().entity(list[Person])
    assert [p.name for p in entity] == ["James Bond", "Ethan Hunt", "Jason Bourne"]


def test_entity_with_converter() -> None:
    model = ScriptedChatModel("James Bond, Ethan Hunt, Jason Bourne\n")
    assert client(model).prompt("my question").call().entity(ListOutputConverter()) == [
        "James Bond",
        "Ethan Hunt",
        "Jason Bourne",
    ]


@pytest.mark.parametrize("target", [Person, list[Person], ListOutputConverter()])
def test_entity_is_none_when_text_is_none(target: Any) -> None:
    model = ScriptedChatModel(null_text_response())
    assert client(model).prompt("my question").call().entity(target) is None
    model = ScriptedChatModel(null_text_response())
    entity = client(model).prompt("my question").call().response_entity(target)
    assert entity.response is not None
    assert entity.entity is None


@pytest.mark.parametrize("target", [Person, ListOutputConverter()])
def test_entity_is_none_when_model_returns_none(target: Any) -> None:
    assert client(NoneModel()).prompt("my question").call().entity(target) is None


def test_entity_with_none_type_raises() -> None:
    spec = client().prompt("my question").call()
    with pytest.raises(ValueError, match=r"^type cannot be null$"):
        spec.entity(None)
    with pytest.raises(ValueError, match=r"^type cannot be null$"):
        spec.response_entity(None)


def test_response_entity_with_type_and_converter() -> None:
    model = ScriptedChatModel('{ "name": "James Bond" }', "James Bond, Ethan Hunt, Jason Bourne")
    entity = client(model).prompt("my question").call().response_entity(Person)
    assert entity.get_response() is not None
    assert entity.get_entity() == Person(name="James Bond")
    listed = client(model).prompt("my question").call().response_entity(ListOutputConverter())
    assert listed.entity == ["James Bond", "Ethan Hunt", "Jason Bourne"]


# -- StreamResponseSpec -------------------------------------------------------------------


def test_simple_prompt_then_stream_chat_client_response() -> None:
    model = ScriptedChatModel("response")
    responses = list(client(model).prompt("my question").stream().chat_client_response())
    assert responses[-1].chat_response is not None
    assert responses[-1].chat_response.get_result().get_output().get_text() == "response"  # type: ignore[union-attr]
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == ["my question"]


def test_full_prompt_then_stream_chat_response() -> None:
    model = ScriptedChatModel("response")
    responses = list(
        client(model)
        .prompt(Prompt([SystemMessage("instructions"), UserMessage("my question")]))
        .user("another question")
        .stream()
        .chat_response()
    )
    assert responses[-1].get_result().get_output().get_text() == "response"  # type: ignore[union-attr]
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == [
        "instructions",
        "my question",
        "another question",
    ]


def test_stream_content_skips_null_text() -> None:
    model = ScriptedChatModel().add_stream([null_text_response()])
    assert list(client(model).prompt("my question").stream().content()) == []


def test_stream_chat_response_as_async_iterator() -> None:
    model = ScriptedChatModel("a b")

    async def run() -> list[str | None]:
        stream = client(model).prompt("q").stream().chat_response()
        return [r.get_result().get_output().get_text() async for r in stream]  # type: ignore[union-attr]

    assert asyncio.run(run()) == ["a ", "b"]


# -- ChatClientRequestSpec ----------------------------------------------------------------


def test_request_spec_rejects_none_model() -> None:
    with pytest.raises(ValueError, match=r"^chatModel cannot be null$"):
        ChatClientRequestSpec(None)  # type: ignore[arg-type]


def test_spec_called_twice_makes_two_model_calls() -> None:
    model = ScriptedChatModel("one", "two")
    spec = ChatClient.builder(model).build().prompt().user("hello")
    assert spec.call().content() == "one"
    assert spec.call().content() == "two"
    assert len(model.prompts) == 2


def test_advisors_consumer() -> None:
    advisor = Catcher()
    spec = client().prompt().advisors(lambda a: a.advisors(advisor).param("topic", "AI"))
    assert advisor in spec.get_advisors()
    assert spec.get_advisor_params() == {"topic": "AI"}


def test_request_advisors_validation() -> None:
    spec = client().prompt()
    with pytest.raises(ValueError, match=r"^advisors cannot contain null elements$"):
        spec.advisors(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^advisors cannot contain null elements$"):
        spec.advisors([None])  # type: ignore[list-item]
    advisor = Catcher()
    assert spec.advisors(advisor).get_advisors() == [advisor]
    assert spec.advisors([advisor]).get_advisors() == [advisor, advisor]


def test_request_messages_validation() -> None:
    spec = client().prompt()
    with pytest.raises(ValueError, match=r"^messages cannot contain null elements$"):
        spec.messages(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^messages cannot contain null elements$"):
        spec.messages([None])  # type: ignore[list-item]
    message = UserMessage("question")
    assert spec.messages(message).get_messages() == [message]
    assert spec.messages([]).get_messages() == [message]


def test_request_options_validation() -> None:
    spec = client().prompt()
    with pytest.raises(ValueError, match=r"^customizer cannot be null$"):
        spec.options(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"options must be ChatOptions or a ChatOptions builder"):
        spec.options("fast")  # type: ignore[arg-type]
    spec.options(ChatOptions.builder().temperature(0.1))
    customizer = spec.get_options_customizer()
    assert customizer is not None and customizer.build() == ChatOptions(temperature=0.1)


@pytest.mark.parametrize("method", ["system", "user"])
def test_request_text_validation(method: str, tmp_path: Path) -> None:
    spec = client().prompt()
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        getattr(spec, method)(None)
    with pytest.raises(ValueError, match=r"^text cannot be null or empty$"):
        getattr(spec, method)("")
    getattr(spec, method)("instructions")
    getter = spec.get_system_text if method == "system" else spec.get_user_text
    assert getter() == "instructions"
    resource = tmp_path / "text.txt"
    resource.write_text("from file", encoding="utf-8")
    getattr(spec, method)(resource)
    assert getter() == "from file"


def test_system_consumer() -> None:
    spec = (
        client()
        .prompt()
        .system(
            lambda s: (
                s.text("my instruction about {topic}")
                .param("topic", "AI")
                .metadata("msgId", "uuid-xxx")
            )
        )
    )
    assert spec.get_system_text() == "my instruction about {topic}"
    assert spec.get_system_params() == {"topic": "AI"}
    assert spec.get_system_metadata() == {"msgId": "uuid-xxx"}


def test_system_consumer_keeps_existing_text_when_it_sets_none() -> None:
    spec = (
        client()
        .prompt()
        .system("my instruction about {topic}")
        .system(lambda s: s.param("topic", "AI").metadata("msgId", "uuid-xxx"))
    )
    assert spec.get_system_text() == "my instruction about {topic}"
    assert spec.get_system_params() == {"topic": "AI"}


def test_user_consumer() -> None:
    media = Media("image/png", "http://example.com/image.png")
    spec = (
        client()
        .prompt()
        .user(
            lambda u: (
                u.text("my question about {topic}")
                .param("topic", "AI")
                .media(media)
                .metadata("msgId", "uuid-xxx")
            )
        )
    )
    assert spec.get_user_text() == "my question about {topic}"
    assert spec.get_user_params() == {"topic": "AI"}
    assert spec.get_media() == [media]
    assert spec.get_user_metadata() == {"msgId": "uuid-xxx"}


def test_user_consumer_keeps_existing_text_when_it_sets_none() -> None:
    spec = (
        client().prompt().user("my question about {topic}").user(lambda u: u.param("topic", "AI"))
    )
    assert spec.get_user_text() == "my question about {topic}"


def test_consumers_with_none_param_value_raise() -> None:
    with pytest.raises(ValueError, match=r"^value cannot be null$"):
        client().prompt().system(lambda s: s.param("key", None))
    with pytest.raises(ValueError, match=r"^value cannot be null$"):
        client().prompt().user(lambda u: u.param("key", None))


def test_template_renderer_validation() -> None:
    with pytest.raises(ValueError, match=r"^templateRenderer cannot be null$"):
        client().prompt().template_renderer(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^templateRenderer cannot be null$"):
        ChatClient.builder(ScriptedChatModel()).default_template_renderer(None)  # type: ignore[arg-type]


def test_prompt_with_system_user_and_options() -> None:
    options = ChatOptions.builder().model("m")
    spec = client().prompt().system("instructions").user("question").options(options)
    assert spec.get_system_text() == "instructions"
    assert spec.get_user_text() == "question"
    customizer = spec.get_options_customizer()
    assert customizer is not None and customizer.build() == options.build()


# -- DefaultChatClientBuilder -------------------------------------------------------------


def test_clone_builder_is_independent() -> None:
    original = (
        ChatClient.builder(ScriptedChatModel())
        .default_system("first instructions")
        .default_user("original user")
    )
    cloned = original.clone()
    original.default_system("second instructions").default_user("modified user")
    assert cloned is not original
    spec = cloned.build().prompt()
    assert spec.get_system_text() == "first instructions"
    assert spec.get_user_text() == "original user"


def test_builder_requires_a_chat_model() -> None:
    with pytest.raises(ValueError, match=r"^chatModel cannot be null$"):
        ChatClient.builder(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^chatModel cannot be null$"):
        ChatClient.create(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^chatModel cannot be null$"):
        ChatClientBuilder(None)  # type: ignore[arg-type]


def test_builder_builds_distinct_clients_and_last_setting_wins() -> None:
    builder = (
        ChatClient.builder(ScriptedChatModel())
        .default_system("first")
        .default_system("final")
        .default_user("Hello {name}, welcome to {service}!")
    )
    first, second = builder.build(), builder.build()
    assert first is not second
    assert isinstance(first, DefaultChatClient)
    assert first.prompt().get_system_text() == "final"
    assert first.prompt().get_user_text() == "Hello {name}, welcome to {service}!"


def test_builder_default_text_validation() -> None:
    builder = ChatClient.builder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        builder.default_user(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        builder.default_system(None)  # type: ignore[arg-type]


def test_builder_accepts_provider_and_conventions_positionally_and_by_keyword(otel: Any) -> None:
    model = ScriptedChatModel("a", "b")
    ChatClient.builder(model, otel.provider).build().prompt("q").call().content()
    ChatClient.builder(
        model,
        tracer_provider=otel.provider,
        observation_convention=DefaultChatClientObservationConvention(),
    ).build().prompt("q").call().content()
    assert otel.names().count("spring_ai chat_client") == 2


# -- DefaultChatClientUtils.toChatClientRequest --------------------------------------------


def sent(spec: ChatClientRequestSpec) -> tuple[Prompt, dict[str, Any]]:
    """The prompt the model received and the context the advisors saw."""
    catcher = Catcher()
    spec.advisors(catcher).call().content()
    return catcher.requests[0].prompt, catcher.requests[0].context


def test_utils_system_text_becomes_first_message() -> None:
    prompt, _ = sent(client().prompt().system("System instructions"))
    first = prompt.get_instructions()[0]
    assert isinstance(first, SystemMessage)
    assert first.get_text() == "System instructions"


def test_utils_system_text_with_params_is_rendered() -> None:
    prompt, _ = sent(
        client()
        .prompt()
        .system(lambda s: s.text("System instructions for {name}").params({"name": "Spring AI"}))
    )
    assert prompt.get_instructions()[0].get_text() == "System instructions for Spring AI"


def test_utils_messages_are_added() -> None:
    prompt, _ = sent(
        client().prompt().messages([SystemMessage("System message"), UserMessage("User message")])
    )
    assert [m.get_text() for m in prompt.get_instructions()] == ["System message", "User message"]


def test_utils_user_text_with_params_and_media() -> None:
    media = Media("image/png", "http://example.com/image.png")
    prompt, _ = sent(
        client()
        .prompt()
        .user(
            lambda u: u.text("Question about {topic}").params({"topic": "Spring AI"}).media(media)
        )
    )
    user = prompt.get_instructions()[0]
    assert isinstance(user, UserMessage)
    assert user.get_text() == "Question about Spring AI"
    assert user.get_media() == [media]


def test_utils_system_text_is_first_and_user_text_is_last() -> None:
    prompt, _ = sent(
        client()
        .prompt()
        .user("User question")
        .system("System instructions")
        .messages([SystemMessage("System message"), UserMessage("User message")])
    )
    assert [type(m).__name__ for m in prompt.get_instructions()] == [
        "SystemMessage",
        "SystemMessage",
        "UserMessage",
        "UserMessage",
    ]
    assert prompt.get_instructions()[0].get_text() == "System instructions"
    assert prompt.get_instructions()[-1].get_text() == "User question"


def test_utils_text_without_params_is_not_rendered() -> None:
    prompt, _ = sent(client().prompt().user("Literal {braces} stay"))
    assert prompt.get_user_message().get_text() == "Literal {braces} stay"


def test_utils_advisor_params_become_the_context() -> None:
    _, context = sent(
        client().prompt().advisors(lambda a: a.params({"key1": "value1", "key2": "value2"}))
    )
    assert context == {"key1": "value1", "key2": "value2"}


def test_utils_custom_template_renderer_is_used() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("<").end_delimiter_token(">").build()
    )
    prompt, _ = sent(
        client()
        .prompt()
        .system(lambda s: s.text("Instructions <name>").params({"name": "Spring AI"}))
        .template_renderer(renderer)
    )
    assert prompt.get_instructions()[0].get_text() == "Instructions Spring AI"


def test_utils_default_template_renderer_is_used() -> None:
    chat_client = (
        ChatClient.builder(ScriptedChatModel("r"))
        .default_template_renderer(UpperRenderer())
        .build()
    )
    prompt, _ = sent(chat_client.prompt().user(lambda u: u.text("shout {it}").param("it", "x")))
    assert prompt.get_user_message().get_text() == "SHOUT {IT}"


def test_utils_runtime_options_merge_over_model_options_field_by_field() -> None:
    model = ScriptedChatModel(
        "r",
        options=ChatOptions(
            model="model-default", temperature=0.1, max_tokens=10, stop_sequences=["a"]
        ),
    )
    chat_client = (
        ChatClient.builder(model).default_options(ChatOptions.builder().temperature(0.5)).build()
    )
    prompt, _ = sent(chat_client.prompt().options(ChatOptions(max_tokens=99, stop_sequences=["b"])))
    options = prompt.get_options()
    assert options is not None
    assert options.get_model() == "model-default"
    # options(...) replaces the default customizer (Spring), so the model's 0.1 stays
    assert options.get_temperature() == 0.1
    assert options.get_max_tokens() == 99
    assert options.get_stop_sequences() == ["a", "b"]


def test_utils_default_options_are_replaced_by_request_options() -> None:
    model = ScriptedChatModel("r", options=ChatOptions(model="model-default"))
    chat_client = (
        ChatClient.builder(model)
        .default_options(ChatOptions.builder().temperature(0.5).top_k(3))
        .build()
    )
    prompt, _ = sent(chat_client.prompt().options(ChatOptions.builder().temperature(0.9)))
    options = prompt.get_options()
    assert options is not None
    # Spring: options(...) replaces the default customizer; only the model's options stay
    assert (options.get_model(), options.get_temperature(), options.get_top_k()) == (
        "model-default",
        0.9,
        None,
    )


def test_utils_all_components() -> None:
    media = Media("image/png", "http://example.com/image.png")
    prompt, context = sent(
        client()
        .prompt()
        .system(lambda s: s.text("System instructions for {name}").params({"name": "Spring AI"}))
        .user(
            lambda u: u.text("Question about {topic}").params({"topic": "Spring AI"}).media(media)
        )
        .messages([UserMessage("Intermediate message")])
        .options(ChatOptions.builder().temperature(0.2))
        .advisors(lambda a: a.params({"advisorKey": "advisorValue"}))
    )
    texts: list[str | None] = [m.get_text() for m in prompt.get_instructions()]
    assert texts == [
        "System instructions for Spring AI",
        "Intermediate message",
        "Question about Spring AI",
    ]
    last: Message = prompt.get_instructions()[2]
    assert isinstance(last, UserMessage) and last.get_media() == [media]
    assert prompt.get_options() is not None and prompt.get_options().get_temperature() == 0.2  # type: ignore[union-attr]
    assert context == {"advisorKey": "advisorValue"}
