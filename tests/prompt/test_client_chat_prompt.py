"""Port of Spring AI 2.0.1 `org.springframework.ai.prompt.PromptTests`
(spring-ai-client-chat; spring-ai-model's ``chat.prompt.PromptTests`` is a different
class): 3 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import SystemMessage, UserMessage
from spring_ai_py.chat.prompt import ChatOptions, Prompt, PromptTemplate, SystemPromptTemplate


def test_new_api_playground_tests() -> None:
    pt = PromptTemplate("Hello '{firstName}' '{lastName}' from Unix")
    model = {"firstName": "Nick"}
    with pytest.raises(
        RuntimeError,
        match=r"^Not all variables were replaced in the template\. "
        r"Missing variable names are: \[lastName\]\.$",
    ):
        pt.render(model)

    pt.add("lastName", "Park")
    assert pt.render(model) == "Hello 'Nick' 'Park' from Unix"
    assert pt.render(model) == "Hello 'Nick' 'Park' from Unix"  # render again

    prompt = pt.create(model)
    assert prompt.get_contents() is not None
    assert len(prompt.get_instructions()) == 1

    system_prompt = SystemPromptTemplate(
        "You are a helpful assistant that translates {input_language} to {output_language}."
    ).create({"input_language": "English", "output_language": "French"})
    human_prompt = PromptTemplate("{text}").create({"text": "I love programming"})
    assert isinstance(system_prompt.get_instructions()[0], SystemMessage)
    assert system_prompt.get_contents() == (
        "You are a helpful assistant that translates English to French."
    )
    assert isinstance(human_prompt.get_instructions()[0], UserMessage)
    assert human_prompt.get_contents() == "I love programming"


def alice_prompt() -> Prompt:
    model = {"name": "Alice", "age": 30}
    prompt_template = (
        PromptTemplate.builder()
        .template("Hello, {name}! Your age is {age}.")
        .variables(model)
        .build()
    )
    chat_options = ChatOptions.builder().temperature(0.5).max_tokens(100).build()
    return prompt_template.create(model, chat_options)


def test_prompt_copy() -> None:
    prompt = alice_prompt()
    copied_prompt = prompt.copy()
    assert prompt is not copied_prompt
    assert prompt.get_options() is copied_prompt.get_options()
    assert prompt.get_instructions() is not copied_prompt.get_instructions()


def test_mutate_prompt() -> None:
    prompt = alice_prompt()
    copied_prompt = prompt.mutate().build()
    assert prompt is not copied_prompt
    assert prompt.get_options() is copied_prompt.get_options()
    assert prompt.get_instructions() is not copied_prompt.get_instructions()
