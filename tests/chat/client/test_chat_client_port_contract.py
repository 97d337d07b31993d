"""The ChatClient's port-only contract, beyond Spring's own tests: bad input fails at
once with an error naming the argument (PORTING §4), the Java names a migrating user
writes (§9), ``(path, charset)`` overloads, the deprecated aliases of what 2.0.1
removed, Python-spelled identifiers in every error message of the package, and request
assembly details (options merging, rendering, async iteration)."""

from __future__ import annotations

import asyncio
import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import spring_ai_py.chat.client as chat_client_package
from spring_ai_py.chat.client import (
    AdvisorSpec,
    CallResponseSpec,
    ChatClient,
    ChatClientBuilder,
    ChatClientRequest,
    ChatClientRequestSpec,
    ChatClientResponse,
    DefaultChatClient,
    DefaultChatClientBuilder,
    DefaultChatClientUtils,
    EntityParamSpec,
    PromptSystemSpec,
    PromptUserSpec,
    StreamResponseSpec,
)
from spring_ai_py.chat.client.advisor import SimpleLoggerAdvisor
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.client.observation import DefaultChatClientObservationConvention
from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


class MyAdvisor(CallAdvisor):
    def get_name(self) -> str:
        return "MyAdvisor"

    def get_order(self) -> int:
        return 0

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        return call_advisor_chain.next_call(chat_client_request)


def client(model: ScriptedChatModel | None = None) -> ChatClient:
    return ChatClient.builder(model or ScriptedChatModel("response")).build()


# -- bad input names the argument --------------------------------------------------------------


@pytest.mark.parametrize("bad", [42, ["hi"], UserMessage("hi")])
def test_prompt_rejects_what_is_neither_text_nor_a_prompt(bad: Any) -> None:
    with pytest.raises(TypeError, match=r"^prompt must be a str or a Prompt, got "):
        client().prompt(bad)


def test_prompt_with_a_list_hints_at_prompt_or_messages() -> None:
    with pytest.raises(TypeError, match=r"wrap messages in Prompt\(\[\.\.\.\]\) or use messages"):
        client().prompt(["hi"])  # type: ignore[arg-type]


def test_tool_context_must_be_a_mapping() -> None:
    with pytest.raises(TypeError, match=r"^tool_context must be a mapping, got list"):
        client().prompt().tool_context([1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^tool_context must be a mapping"):
        ChatClient.builder(ScriptedChatModel()).default_tool_context([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("factory", [ChatClient.builder, ChatClient.create, DefaultChatClientBuilder])
def test_a_model_name_instead_of_a_model_fails_when_the_client_is_built(factory: Any) -> None:
    with pytest.raises(TypeError, match=r"^chat_model must be a ChatModel, got str: 'gpt-4o'$"):
        factory("gpt-4o")


@pytest.mark.parametrize("factory", [ChatClient.builder, ChatClient.create, DefaultChatClientBuilder])
def test_the_model_class_instead_of_a_model_says_to_instantiate_it(factory: Any) -> None:
    with pytest.raises(
        TypeError,
        match=r"^chat_model must be a ChatModel, got the class ScriptedChatModel; "
        r"pass ScriptedChatModel\(\.\.\.\) instead$",
    ):
        factory(ScriptedChatModel)


def test_the_terminal_advisors_and_enrichers_check_their_chat_model_too() -> None:
    from spring_ai_py.chat.client.advisor import ChatModelCallAdvisor, ChatModelStreamAdvisor
    from spring_ai_py.model.transformer import KeywordMetadataEnricher, SummaryMetadataEnricher

    for build in (
        ChatModelCallAdvisor,
        ChatModelStreamAdvisor,
        lambda m: KeywordMetadataEnricher(m, 5),
        lambda m: SummaryMetadataEnricher(m, None),
    ):
        with pytest.raises(TypeError, match=r"got the class ScriptedChatModel; pass ScriptedChatModel"):
            build(ScriptedChatModel)


@pytest.mark.parametrize("bad", ["hi", 42, ["hi"], [UserMessage("ok"), 42]])
def test_messages_must_be_message_objects(bad: Any) -> None:
    with pytest.raises(TypeError, match=r"^messages must be Message objects"):
        client().prompt().messages(bad)


def test_messages_with_a_text_hints_at_user() -> None:
    with pytest.raises(TypeError, match=r"use user\(text\) for a text"):
        client().prompt().messages("hi")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^messages must be Message objects"):
        ChatClient.builder(ScriptedChatModel()).add_messages(["hi"])  # type: ignore[list-item]


def test_an_advisor_class_instead_of_an_instance_is_rejected() -> None:
    message = r"^advisors must be Advisor instances, got the class MyAdvisor; pass MyAdvisor\(\.\.\.\) instead$"
    with pytest.raises(TypeError, match=message):
        client().prompt().advisors(MyAdvisor)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        client().prompt().advisors([SimpleLoggerAdvisor(), MyAdvisor])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=message):
        ChatClient.builder(ScriptedChatModel()).default_advisors(MyAdvisor)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        client().prompt().advisors(lambda a: a.advisors(MyAdvisor))  # type: ignore[arg-type]


def test_an_advisor_class_never_runs_silently() -> None:
    """Before the check, ``advisors(MyAdvisor)`` was taken for a spec callable and the
    advisor never ran; now the call fails and nothing is half-configured."""
    spec = client().prompt().user("hi")
    with pytest.raises(TypeError):
        spec.advisors(MyAdvisor)  # type: ignore[arg-type]
    assert spec.get_advisors() == []


def test_a_non_advisor_is_rejected() -> None:
    with pytest.raises(TypeError, match=r"^advisors must be Advisor instances, got int: 42$"):
        client().prompt().advisors(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["user", "system"])
def test_text_must_be_a_str_or_a_path(method: str) -> None:
    with pytest.raises(TypeError, match=r"^text must be a str or a pathlib\.Path, got int$"):
        getattr(client().prompt(), method)(42)
    with pytest.raises(TypeError, match=r"^text must be a pathlib\.Path \(or os\.PathLike\) when a charset is given, got str$"):
        getattr(client().prompt(), method)("hello", "utf-8")


def test_spec_maps_must_be_mappings() -> None:
    with pytest.raises(TypeError, match=r"^params must be a mapping, got list$"):
        PromptUserSpec().params([("k", "v")])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^metadata must be a str key or a mapping, got int$"):
        PromptSystemSpec().metadata(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^params must be a mapping, got list$"):
        AdvisorSpec().params([("k", "v")])  # type: ignore[arg-type]


def test_user_media_rejects_non_media() -> None:
    with pytest.raises(TypeError, match=r"^media must be Media objects, got int$"):
        PromptUserSpec().media(42)  # type: ignore[arg-type]


def test_default_chat_client_rejects_what_is_not_a_request_spec() -> None:
    with pytest.raises(TypeError, match=r"^default_chat_client_request must be a ChatClientRequestSpec"):
        DefaultChatClient("defaults")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^input_request must be a ChatClientRequestSpec"):
        DefaultChatClientUtils.to_chat_client_request("spec")  # type: ignore[arg-type]


# -- Java names ---------------------------------------------------------------------------------


def test_java_implementation_names_are_the_port_classes() -> None:
    assert DefaultChatClientBuilder is ChatClientBuilder
    assert ChatClient.Builder is DefaultChatClientBuilder  # type: ignore[attr-defined]
    nested = {
        "DefaultChatClientRequestSpec": ChatClientRequestSpec,
        "DefaultCallResponseSpec": CallResponseSpec,
        "DefaultStreamResponseSpec": StreamResponseSpec,
        "DefaultPromptUserSpec": PromptUserSpec,
        "DefaultPromptSystemSpec": PromptSystemSpec,
        "DefaultAdvisorSpec": AdvisorSpec,
        "DefaultEntityParamSpec": EntityParamSpec,
    }
    for name, cls in nested.items():
        assert getattr(DefaultChatClient, name) is cls
    for name in ("DefaultChatClient", "DefaultChatClientBuilder", "DefaultChatClientUtils"):
        assert name in chat_client_package.__all__


def test_java_style_construction_works_end_to_end() -> None:
    model = ScriptedChatModel("response")
    chat_client = DefaultChatClientBuilder(model, None, DefaultChatClientObservationConvention(), None).build()
    spec = chat_client.prompt("my question")
    assert isinstance(spec, DefaultChatClient.DefaultChatClientRequestSpec)
    response_spec = spec.call()
    assert isinstance(response_spec, DefaultChatClient.DefaultCallResponseSpec)
    assert response_spec.content() == "response"


# -- (path, charset) overloads -----------------------------------------------------------------


def test_a_path_is_read_and_a_str_is_always_text(tmp_path: Path) -> None:
    prompt_file = tmp_path / "q.txt"
    prompt_file.write_text("from the file", encoding="utf-8")
    model = ScriptedChatModel("a", "b")
    client(model).prompt().user(prompt_file).call().content()
    assert model.last_prompt.get_user_message().get_text() == "from the file"
    # a str naming an existing file stays text: Spring's String overload never reads files
    client(model).prompt().user(str(prompt_file)).call().content()
    assert model.last_prompt.get_user_message().get_text() == str(prompt_file)


def test_the_charset_decodes_the_file(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Grüße {name}".encode("latin-1"))
    spec = client().prompt().system(latin, "latin-1").user(lambda u: u.text(latin, charset="latin-1"))
    assert spec.get_system_text() == "Grüße {name}"
    assert spec.get_user_text() == "Grüße {name}"
    builder = ChatClient.builder(ScriptedChatModel()).default_user(latin, "latin-1").default_system(latin, "latin-1")
    assert builder._default_request.get_user_text() == "Grüße {name}"
    with pytest.raises(UnicodeDecodeError):
        client().prompt().user(latin)  # utf-8 by default


def test_any_path_like_is_a_resource(tmp_path: Path) -> None:
    class Resource(os.PathLike[str]):
        def __fspath__(self) -> str:
            return str(tmp_path / "r.txt")

    (tmp_path / "r.txt").write_text("resource text", encoding="utf-8")
    assert client().prompt().user(Resource()).get_user_text() == "resource text"


def test_an_empty_file_is_empty_text(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("  ", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^text cannot be null or empty$"):
        client().prompt().user(tmp_path / "empty.txt")


def test_user_media_mime_type_and_bytes() -> None:
    spec = PromptUserSpec().media("image/png", b"\x89PNG")
    assert spec.media()[0].get_data() == b"\x89PNG"
    spec = PromptUserSpec().media("image/png", url="http://example.com/other.png")
    assert spec.media()[0].get_data() == "http://example.com/other.png"


# -- options(builder) keeps the builder --------------------------------------------------------


def test_options_keeps_the_builder_and_each_prompt_gets_its_own_copy() -> None:
    defaults = ChatOptions.builder().temperature(0.3)
    chat_client = ChatClient.builder(ScriptedChatModel()).default_options(defaults).build()
    first, second = chat_client.prompt(), chat_client.prompt()
    assert first.get_options_customizer() is not defaults
    assert first.get_options_customizer() is not second.get_options_customizer()
    customizer = ToolCallingChatOptions.builder()
    spec = first.options(customizer)
    assert spec.get_options_customizer() is customizer


def test_options_from_built_options_is_a_builder_pre_filled_from_them() -> None:
    spec = client().prompt().options(ChatOptions(temperature=0.4))
    customizer = spec.get_options_customizer()
    assert customizer is not None and customizer.build().get_temperature() == 0.4


def test_runtime_options_merge_over_model_options_field_by_field() -> None:
    model = ScriptedChatModel(
        "r", options=ChatOptions(model="model-default", temperature=0.1, max_tokens=10, stop_sequences=["a"])
    )
    chat_client = ChatClient.builder(model).default_options(ChatOptions.builder().temperature(0.5)).build()
    chat_client.prompt("q").options(ChatOptions(max_tokens=99, stop_sequences=["b"])).call().content()
    options = model.last_prompt.get_options()
    assert options is not None
    assert options.get_model() == "model-default"
    # options(...) replaces the default customizer (Spring), so the model's 0.1 stays
    assert options.get_temperature() == 0.1
    assert options.get_max_tokens() == 99
    assert options.get_stop_sequences() == ["a", "b"]


# -- deprecated aliases of what 2.0.1 removed ---------------------------------------------------


def test_tool_names_warns_and_still_resolves_names() -> None:
    with pytest.warns(DeprecationWarning, match=r"tool_names\(\) is deprecated \(removed in Spring AI 2\.0\.1\)"):
        spec = client().prompt().tool_names("weather", ["time"])
    assert spec.get_tool_names() == ["weather", "time"]
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert options.get_tool_names() == ["weather", "time"]


def test_default_tool_names_warns_once_and_still_resolves_names() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        builder = ChatClient.builder(ScriptedChatModel()).default_tool_names("weather")
    assert [str(w.message) for w in caught if w.category is DeprecationWarning] == [
        "ChatClient.Builder.default_tool_names() is deprecated (removed in Spring AI 2.0.1); "
        "pass the tools to default_tools() instead"
    ]
    assert caught[0].filename == __file__  # points at the caller
    assert builder.build().prompt().get_tool_names() == ["weather"]


def test_internal_tool_execution_enabled_warns_and_still_sets_the_option() -> None:
    with pytest.warns(DeprecationWarning, match=r"internal_tool_execution_enabled\(\) is deprecated"):
        options = ToolCallingChatOptions.builder().internal_tool_execution_enabled(False).build()
    assert options.get_internal_tool_execution_enabled() is False


# -- async iteration (PORTING §5) ---------------------------------------------------------------


def test_stream_chat_response_as_async_iterator() -> None:
    model = ScriptedChatModel("a b")

    async def run() -> list[str | None]:
        stream = client(model).prompt("q").stream().chat_response()
        return [r.get_result().get_output().get_text() async for r in stream]  # type: ignore[union-attr]

    assert asyncio.run(run()) == ["a ", "b"]


def test_tracer_provider_and_conventions_positionally_and_by_keyword(otel: Any) -> None:
    model = ScriptedChatModel("a", "b")
    ChatClient.builder(model, otel.provider).build().prompt("q").call().content()
    ChatClient.builder(
        model, tracer_provider=otel.provider, observation_convention=DefaultChatClientObservationConvention()
    ).build().prompt("q").call().content()
    assert otel.names().count("spring_ai chat_client") == 2


# -- one spelling of identifiers in error messages ------------------------------------------------

_PACKAGE_DIR = Path(chat_client_package.__file__).parent
_CAMEL_IN_MESSAGE = re.compile(r"""["'](?:the )?[a-z]+[A-Z]\w* (?:cannot|must)""")


@pytest.mark.parametrize("module", sorted(p.name for p in _PACKAGE_DIR.glob("*.py")))
def test_error_messages_spell_identifiers_the_python_way(module: str) -> None:
    source = (_PACKAGE_DIR / module).read_text(encoding="utf-8")
    assert _CAMEL_IN_MESSAGE.findall(source) == []


def test_prompt_object_is_accepted() -> None:
    """The type check lets a real Prompt through (with its options)."""
    model = ScriptedChatModel("r")
    client(model).prompt(Prompt("q", ChatOptions(temperature=0.2))).call().content()
    assert model.last_prompt.get_options().get_temperature() == 0.2  # type: ignore[union-attr]


def test_charset_must_be_a_codec_name(tmp_path: Path) -> None:
    (tmp_path / "q.txt").write_text("q", encoding="utf-8")
    with pytest.raises(TypeError, match=r"^charset must be a codec name such as 'utf-8', got int$"):
        client().prompt().user(tmp_path / "q.txt", 8)  # type: ignore[arg-type]


# -- request assembly details beyond Spring's tests ------------------------------------------------


def test_each_prompt_is_an_independent_copy_of_the_defaults() -> None:
    chat_client = ChatClient.builder(ScriptedChatModel()).default_advisors(lambda a: a.param("k", "v")).build()
    first = chat_client.prompt().advisors(lambda a: a.param("k", "changed")).user("x")
    assert chat_client.prompt().get_advisor_params() == {"k": "v"}
    assert chat_client.prompt().get_user_text() is None
    assert first.get_advisor_params() == {"k": "changed"}


def test_text_without_params_is_not_rendered() -> None:
    request = DefaultChatClientUtils.to_chat_client_request(client().prompt().user("Literal {braces} stay"))
    assert request.prompt.get_user_message().get_text() == "Literal {braces} stay"


def test_default_template_renderer_is_used() -> None:
    from collections.abc import Mapping

    from spring_ai_py.template import TemplateRenderer

    class UpperRenderer(TemplateRenderer):
        def apply(self, template: str, variables: Mapping[str, Any]) -> str:
            return template.upper()

    chat_client = ChatClient.builder(ScriptedChatModel("r")).default_template_renderer(UpperRenderer()).build()
    spec = chat_client.prompt().user(lambda u: u.text("shout {it}").param("it", "x"))
    request = DefaultChatClientUtils.to_chat_client_request(spec)
    assert request.prompt.get_user_message().get_text() == "SHOUT {IT}"


def test_request_options_replace_the_default_customizer() -> None:
    model = ScriptedChatModel("r", options=ChatOptions(model="model-default"))
    chat_client = (
        ChatClient.builder(model).default_options(ChatOptions.builder().temperature(0.5).top_k(3)).build()
    )
    chat_client.prompt("q").options(ChatOptions.builder().temperature(0.9)).call().content()
    options = model.last_prompt.get_options()
    assert options is not None
    # Spring: options(...) replaces the default customizer; only the model's options stay
    assert (options.get_model(), options.get_temperature(), options.get_top_k()) == ("model-default", 0.9, None)


def test_tool_calling_advisor_builder_rejects_what_is_not_a_tool_calling_manager() -> None:
    from spring_ai_py.chat.client.advisor import ToolCallingAdvisor

    with pytest.raises(TypeError, match="tool_calling_manager must be a ToolCallingManager, got str"):
        ToolCallingAdvisor.builder().tool_calling_manager("x")  # type: ignore[arg-type]
