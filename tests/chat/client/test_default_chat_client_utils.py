"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.DefaultChatClientUtilsTests`:
18 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequestSpec, DefaultChatClientUtils
from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.content import Media
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.template import StTemplateRenderer
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import DefaultToolDefinition, ToolDefinition
from spring_ai_py.tool.metadata import ToolMetadata


class TestToolCallback(ToolCallback):
    """Spring's ``TestToolCallback``: a named tool that always succeeds."""

    __test__ = False

    def __init__(self, name: str, return_direct: bool = False) -> None:
        self._definition = DefaultToolDefinition.builder().name(name).input_schema("{}").build()
        self._metadata = ToolMetadata.builder().return_direct(return_direct).build()

    def get_tool_definition(self) -> ToolDefinition:
        return self._definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self._metadata

    def call(self, tool_input: str, tool_context: Any = None) -> str:
        return "Mission accomplished!"


def prompt_spec(options: ChatOptions | None = None) -> ChatClientRequestSpec:
    """``ChatClient.create(chatModel).prompt()`` over a model whose options are ``options``."""
    model = ScriptedChatModel(options=options or ChatOptions.builder().build())
    return ChatClient.create(model).prompt()


def tool_model_options() -> ChatOptions:
    return ToolCallingChatOptions.builder().build()


def test_when_input_request_is_null_then_throws() -> None:
    with pytest.raises(ValueError, match=r"^input_request cannot be null$"):
        DefaultChatClientUtils.to_chat_client_request(None)  # type: ignore[arg-type]


def test_when_system_text_is_provided_then_system_message_is_added_to_prompt() -> None:
    result = DefaultChatClientUtils.to_chat_client_request(prompt_spec().system("System instructions"))
    instructions = result.prompt.get_instructions()
    assert isinstance(instructions[0], SystemMessage)
    assert instructions[0].get_text() == "System instructions"


def test_when_system_text_with_params_is_provided_then_system_message_is_rendered_and_added_to_prompt() -> None:
    spec = prompt_spec().system(lambda s: s.text("System instructions for {name}").params({"name": "Spring AI"}))
    instructions = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()
    assert isinstance(instructions[0], SystemMessage)
    assert instructions[0].get_text() == "System instructions for Spring AI"


def test_when_messages_are_provided_then_they_are_added_to_prompt() -> None:
    messages: list[Message] = [SystemMessage("System message"), UserMessage("User message")]
    instructions = DefaultChatClientUtils.to_chat_client_request(prompt_spec().messages(messages)).prompt.get_instructions()
    assert [m.get_text() for m in instructions] == ["System message", "User message"]


def test_when_user_text_is_provided_then_user_message_is_added_to_prompt() -> None:
    instructions = DefaultChatClientUtils.to_chat_client_request(prompt_spec().user("User question")).prompt.get_instructions()
    assert isinstance(instructions[0], UserMessage)
    assert instructions[0].get_text() == "User question"


def test_when_user_text_with_params_is_provided_then_user_message_is_rendered_and_added_to_prompt() -> None:
    spec = prompt_spec().user(lambda u: u.text("Question about {topic}").params({"topic": "Spring AI"}))
    instructions = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()
    assert isinstance(instructions[0], UserMessage)
    assert instructions[0].get_text() == "Question about Spring AI"


def test_when_user_text_with_media_is_provided_then_user_message_with_media_is_added_to_prompt() -> None:
    media = Media("image/png", "http://example.com/image.png")
    spec = prompt_spec().user(lambda u: u.text("What's in this image?").media(media))
    user_message = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()[0]
    assert isinstance(user_message, UserMessage)
    assert user_message.get_text() == "What's in this image?"
    assert media in user_message.get_media()


def test_when_system_text_and_system_message_are_provided_then_system_text_is_first() -> None:
    spec = prompt_spec().system("System instructions").messages([SystemMessage("System message")])
    instructions = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()
    assert len(instructions) == 2
    assert isinstance(instructions[0], SystemMessage)
    assert instructions[0].get_text() == "System instructions"


def test_when_user_text_and_user_message_are_provided_then_user_text_is_last() -> None:
    spec = prompt_spec().user("User question").messages([UserMessage("User message")])
    instructions = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()
    assert len(instructions) == 2
    assert isinstance(instructions[-1], UserMessage)
    assert instructions[-1].get_text() == "User question"


def test_when_tool_calling_chat_options_is_provided_then_tool_callbacks_are_set() -> None:
    tool_callback = TestToolCallback("tool1")
    spec = prompt_spec(tool_model_options()).options(ToolCallingChatOptions.builder()).tools(tool_callback)
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert tool_callback in (options.get_tool_callbacks() or [])


def test_when_tool_calling_chat_options_is_provided_then_tool_context_is_set() -> None:
    spec = prompt_spec(tool_model_options()).options(ToolCallingChatOptions.builder()).tool_context({"key": "value"})
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert (options.get_tool_context() or {}).items() >= {"key": "value"}.items()


def test_when_tool_callbacks_and_chat_options_are_provided_then_the_tool_callbacks_override() -> None:
    tool_callback1, tool_callback2 = TestToolCallback("tool1"), TestToolCallback("tool2")
    spec = (
        prompt_spec(tool_model_options())
        .options(ToolCallingChatOptions.builder().tool_callbacks(tool_callback1))
        .tools(tool_callback2)
    )
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert options.get_tool_callbacks() == [tool_callback2]


def test_when_tool_context_and_chat_options_are_provided_then_the_values_are_merged() -> None:
    spec = (
        prompt_spec(tool_model_options())
        .options(ToolCallingChatOptions.builder().tool_context({"key1": "value1"}))
        .tool_context({"key2": "value2"})
    )
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert (options.get_tool_context() or {}).items() >= {"key1": "value1", "key2": "value2"}.items()


def test_when_tool_callbacks_and_chat_options_are_default_chat_options() -> None:
    tool_callback1 = TestToolCallback("tool1")
    spec = prompt_spec(tool_model_options()).options(ChatOptions.builder()).tools(tool_callback1)
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert options.get_tool_callbacks() == [tool_callback1]


def test_when_tool_context_and_chat_options_are_default_chat_options() -> None:
    spec = prompt_spec(tool_model_options()).options(ChatOptions.builder()).tool_context({"key1": "value1"})
    options = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert (options.get_tool_context() or {}).items() >= {"key1": "value1"}.items()


def test_when_advisor_params_are_provided_then_they_are_added_to_context() -> None:
    advisor_params = {"key1": "value1", "key2": "value2"}
    result = DefaultChatClientUtils.to_chat_client_request(prompt_spec().advisors(lambda a: a.params(advisor_params)))
    assert result.context.items() >= advisor_params.items()


def test_when_custom_template_renderer_is_provided_then_it_is_used_for_rendering() -> None:
    custom_renderer = StTemplateRenderer.builder().start_delimiter_token("<").end_delimiter_token(">").build()
    spec = (
        prompt_spec()
        .system(lambda s: s.text("Instructions <name>").params({"name": "Spring AI"}))
        .template_renderer(custom_renderer)
    )
    instructions = DefaultChatClientUtils.to_chat_client_request(spec).prompt.get_instructions()
    assert isinstance(instructions[0], SystemMessage)
    assert instructions[0].get_text() == "Instructions Spring AI"


def test_when_all_components_are_provided_then_complete_request_is_created() -> None:
    media = Media("image/png", "http://example.com/image.png")
    tool_callback = TestToolCallback("tool3")
    spec = (
        prompt_spec(tool_model_options())
        .system(lambda s: s.text("System instructions for {name}").params({"name": "Spring AI"}))
        .user(lambda u: u.text("Question about {topic}").params({"topic": "Spring AI"}).media(media))
        .messages([UserMessage("Intermediate message")])
        .tools(tool_callback)
        .tool_context({"toolKey": "toolValue"})
        .options(ToolCallingChatOptions.builder())
        .advisors(lambda a: a.params({"advisorKey": "advisorValue"}))
    )
    result = DefaultChatClientUtils.to_chat_client_request(spec)

    instructions = result.prompt.get_instructions()
    assert len(instructions) == 3
    assert isinstance(instructions[0], SystemMessage)
    assert instructions[0].get_text() == "System instructions for Spring AI"
    assert instructions[1].get_text() == "Intermediate message"
    assert isinstance(instructions[2], UserMessage)
    assert instructions[2].get_text() == "Question about Spring AI"
    assert media in instructions[2].get_media()

    options = result.prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert tool_callback in (options.get_tool_callbacks() or [])
    assert (options.get_tool_context() or {}).items() >= {"toolKey": "toolValue"}.items()
    assert result.context.items() >= {"advisorKey": "advisorValue"}.items()
