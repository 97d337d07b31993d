"""The one builder mechanism: setters derived from constructor keywords, aliases,
varargs, validation in the constructor, and ``mutate()`` pre-filled."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from spring_ai_py._builder import Buildable


@dataclass(frozen=True)
class Point(Buildable):
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("x must be positive")


class Greeter(Buildable):
    _builder_aliases: ClassVar[dict[str, str]] = {"text": "greeting"}

    def __init__(self, greeting: str = "hi", *, name: str | None = None) -> None:
        self._greeting = greeting
        self.name = name


def test_builder_sets_constructor_keywords() -> None:
    assert Point.builder().x(1).y(2).build() == Point(1, 2)


def test_builder_uses_constructor_defaults_and_validation() -> None:
    assert Point.builder().x(3).build() == Point(3, 0, [])
    with pytest.raises(ValueError, match=r"x must be positive"):
        Point.builder().x(-1).build()
    with pytest.raises(TypeError):
        Point.builder().build()


def test_varargs_setter_stores_a_list() -> None:
    assert Point.builder().x(1).tags("a", "b").build().tags == ["a", "b"]
    assert Point.builder().x(1).tags(["a", "b"]).build().tags == ["a", "b"]


def test_setter_without_value_raises_type_error() -> None:
    with pytest.raises(TypeError, match=r"Point.builder\(\).x\(\) needs a value"):
        Point.builder().x()


def test_unknown_setter_raises_attribute_error_listing_known_setters() -> None:
    with pytest.raises(AttributeError, match=r"no setter 'z'.*'tags', 'x', 'y'"):
        Point.builder().z(1)


def test_private_names_are_not_setters() -> None:
    with pytest.raises(AttributeError):
        Point.builder()._secret(1)


def test_aliases_and_keyword_only_parameters() -> None:
    greeter = Greeter.builder().text("hello").name("Ada").build()
    assert greeter._greeting == "hello"
    assert greeter.name == "Ada"


def test_mutate_prefills_from_dataclass_fields() -> None:
    original = Point(1, 2, ["t"])
    changed = original.mutate().y(5).build()
    assert changed == Point(1, 5, ["t"])
    assert original == Point(1, 2, ["t"])


def test_mutate_prefills_from_attributes_named_after_parameters() -> None:
    greeter = Greeter("hello", name="Ada")
    copy: Any = greeter.mutate().build()
    assert (copy._greeting, copy.name) == ("hello", "Ada")
    assert copy is not greeter


def test_builders_are_independent() -> None:
    builder = Point.builder().x(1)
    first = builder.build()
    second = builder.y(9).build()
    assert (first.y, second.y) == (0, 9)


def test_builder_repr_names_the_class_and_set_fields() -> None:
    assert repr(Point.builder().x(1)) == "Point.Builder(['x'])"


def _library_buildables() -> list[type]:
    import importlib
    import pkgutil

    import spring_ai_py

    for info in pkgutil.walk_packages(spring_ai_py.__path__, prefix="spring_ai_py."):
        importlib.import_module(info.name)
    found: list[type] = []
    pending = list(Buildable.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("spring_ai_py.") and cls not in found:
            found.append(cls)
    return found


def test_generated_builders_match_the_constructors() -> None:
    """scripts/gen_builders.py --check: each class's typed setters are its constructor's."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parent.parent / "scripts" / "gen_builders.py"
    spec = importlib.util.spec_from_file_location("gen_builders", path)
    assert spec is not None and spec.loader is not None
    gen_builders = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen_builders)
    assert gen_builders.stale_files() == []


def test_every_library_buildable_has_a_typed_setter_per_constructor_keyword() -> None:
    import inspect

    from spring_ai_py import _builder
    from spring_ai_py.model.provider import ProviderChatModel
    from spring_ai_py.rag._support import CheckedBuildable

    # builder(vector_store) takes the store, as Spring's builder(VectorStore) does.
    set_by_builder_argument = {"vector_store"}
    missing = []
    for cls in _library_buildables():
        if cls in (ProviderChatModel, CheckedBuildable):  # bases, never built themselves
            continue
        builder = cls.__dict__.get("Builder")
        if not (isinstance(builder, type) and issubclass(builder, _builder.Builder)):
            missing.append(f"{cls.__qualname__}: no nested Builder")
            continue
        # *args and **kwargs are not keywords: their setters are the hand-written ones.
        for name in _builder._constructor_params(cls) - set_by_builder_argument:
            if not callable(inspect.getattr_static(builder, name, None)):
                missing.append(f"{cls.__qualname__}.Builder.{name}")
    assert missing == []


def test_typed_list_setter_takes_a_list_or_its_elements() -> None:
    from spring_ai_py.openai import OpenAiChatOptions

    assert OpenAiChatOptions.builder().stop(["a"]).build().get_stop() == ["a"]
    assert OpenAiChatOptions.builder().stop("a", "b").build().get_stop() == ["a", "b"]
    with pytest.raises(TypeError, match=r"stop\(\) missing 1 required positional argument"):
        OpenAiChatOptions.builder().stop()  # type: ignore[call-arg]


@pytest.mark.parametrize("provider", ["openai", "anthropic", "ollama"])
def test_one_stop_sequence_is_a_one_element_list(provider: str) -> None:
    from spring_ai_py.anthropic import AnthropicChatOptions
    from spring_ai_py.ollama import OllamaChatOptions
    from spring_ai_py.openai import OpenAiChatOptions

    options_type: Any = {
        "openai": OpenAiChatOptions,
        "anthropic": AnthropicChatOptions,
        "ollama": OllamaChatOptions,
    }[provider]
    built = options_type.builder().stop_sequences("END").build()
    assert built.stop_sequences == ["END"]
    assert options_type.builder().stop_sequences(["END"]).build().stop_sequences == ["END"]
    assert options_type.builder().stop_sequences(None).build().stop_sequences is None
    if provider != "anthropic":  # Spring's alias .stop(...) (Anthropic has none)
        assert options_type.builder().stop("END").build().get_stop() == ["END"]
        assert options_type.builder().stop("A", "B").build().get_stop() == ["A", "B"]


def test_one_element_of_a_list_field_outside_the_options_is_a_list() -> None:
    from spring_ai_py.chat.client.advisor.safe_guard_advisor import SafeGuardAdvisor
    from spring_ai_py.ollama.management import ModelManagementOptions

    management = ModelManagementOptions.builder().additional_models("llama3").build()
    assert management.additional_models == ["llama3"]
    # A string is one element, not a sequence of characters.
    advisor = SafeGuardAdvisor.builder().sensitive_words("secret").build()
    assert vars(advisor)["_sensitive_words"] == ["secret"]


def test_a_sequence_setter_keeps_a_list_or_tuple_given_whole() -> None:
    from spring_ai_py.chat.prompt import ChatOptions

    assert ChatOptions.builder().stop_sequences(["a", "b"]).build().stop_sequences == ["a", "b"]
    mechanism = ChatOptions.builder()
    mechanism._set("stop_sequences", (("a", "b"),), sequence=True)
    assert mechanism._values["stop_sequences"] == ("a", "b")
    mechanism._set("stop_sequences", ("a",), sequence=True)
    assert mechanism._values["stop_sequences"] == ["a"]
    mechanism._set("stop_sequences", ("a",))
    assert mechanism._values["stop_sequences"] == "a"


def test_hand_written_builders_are_only_the_ones_with_their_own_shape() -> None:
    """Every other ``class Builder`` is a generated, typed region of the one mechanism."""
    import pathlib
    import re

    package = pathlib.Path(__file__).parent.parent / "spring_ai_py"
    outside: list[str] = []
    for path in sorted(package.rglob("*.py")):
        generated = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if "# --- generated builder" in line:
                generated = True
            elif "# --- end of generated builder ---" in line:
                generated = False
            elif re.match(r"^ *class Builder\b", line) and not generated:
                outside.append(path.relative_to(package).as_posix())
    assert outside == [
        "_builder.py",  # the mechanism itself
        "chat/client/advisor/api/chain.py",  # an interface (Spring's AdvisorChain.Builder)
    ]


def test_chat_response_mutate_copies_generations_and_metadata() -> None:
    from spring_ai_py.chat.messages import AssistantMessage
    from spring_ai_py.chat.metadata import ChatResponseMetadata
    from spring_ai_py.chat.model import ChatResponse, Generation

    response = ChatResponse(
        [Generation(AssistantMessage("x"))], ChatResponseMetadata.builder().model("m").build()
    )
    copy = response.mutate().metadata("k", "v").build()
    assert copy.get_results() == response.get_results()
    assert copy.get_metadata().get_model() == "m"
    assert copy.get_metadata().get("k") == "v"
    assert response.get_metadata().get("k") is None


def test_function_tool_callback_builder_uses_the_constructor_keywords_given() -> None:
    from spring_ai_py.tool.definition import ToolDefinition
    from spring_ai_py.tool.function import FunctionToolCallback

    derived = FunctionToolCallback.builder("getWeather", lambda city: f"sunny in {city}").input_type(str).build()
    assert derived.get_tool_definition().description == "get weather"
    assert derived.call('"Oslo"') == "sunny in Oslo"
    definition = ToolDefinition("weather", "The weather", '{"type": "string"}')
    given = (
        FunctionToolCallback.builder("ignored", lambda city: city)
        .input_type(str)
        .tool_definition(definition)
        .build()
    )
    assert given.get_tool_definition() is definition
    with pytest.raises(ValueError, match="name cannot be null or empty"):
        FunctionToolCallback.builder("", lambda: "x")
