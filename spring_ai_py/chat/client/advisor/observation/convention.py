"""How advisor spans are named and annotated; subclass to rename or extend."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py._observation import Attributes

if TYPE_CHECKING:
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse

_CAMEL_CASE = re.compile(r"(?<!^)(?<![A-Z])(?=[A-Z])|(?<!^)(?=[A-Z][a-z])")


@lru_cache(maxsize=1024)
def advisor_contextual_name(advisor_name: str) -> str:
    """``MyName`` → ``my_name``; ``"Tool Calling Advisor"`` → ``tool_calling``.

    Splits at camel-case boundaries and spaces, lower-cases, joins with ``_`` and drops
    a trailing ``_around_advisor`` or ``_advisor``.
    """
    words: list[str] = []
    for chunk in advisor_name.split():
        words.extend(part.lower() for part in _CAMEL_CASE.split(chunk) if part)
    name = "_".join(words)
    for suffix in ("_around_advisor", "_advisor"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


@dataclass(slots=True)
class AdvisorObservationContext(Buildable):
    """What an advisor span is about: the advisor, its order, the request and response.

    ``advisor_name`` and ``chat_client_request`` are required (``ValueError`` without
    them, as Spring's ``Assert.hasText`` / ``Assert.notNull``).
    """

    advisor_name: str = ""
    chat_client_request: ChatClientRequest | None = None
    order: int = 0
    chat_client_response: ChatClientResponse | None = None

    def __post_init__(self) -> None:
        _assert.has_text(self.advisor_name, "advisor_name cannot be null or empty")
        _assert.not_none(self.chat_client_request, "chat_client_request cannot be null")

    def get_advisor_name(self) -> str:
        return self.advisor_name

    def get_order(self) -> int:
        return self.order

    def get_chat_client_request(self) -> ChatClientRequest | None:
        return self.chat_client_request

    def get_chat_client_response(self) -> ChatClientResponse | None:
        return self.chat_client_response

    def set_chat_client_response(self, response: ChatClientResponse | None) -> None:
        self.chat_client_response = response

    # --- generated builder ---
    class Builder(_builder.Builder["AdvisorObservationContext"]):
        """The builder of :class:`AdvisorObservationContext`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def advisor_name(self, advisor_name: str, /) -> Self:
            return self._set("advisor_name", (advisor_name,))

        def chat_client_request(self, chat_client_request: ChatClientRequest | None, /) -> Self:
            return self._set("chat_client_request", (chat_client_request,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        def chat_client_response(self, chat_client_response: ChatClientResponse | None, /) -> Self:
            return self._set("chat_client_response", (chat_client_response,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AdvisorObservationContext: ...

    @classmethod
    def builder(cls) -> AdvisorObservationContext.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AdvisorObservationContext.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class AdvisorObservationConvention(ABC):
    """Names an advisor span and chooses its attributes."""

    @abstractmethod
    def get_name(self) -> str:
        """The observation name (Micrometer's technical name)."""

    @abstractmethod
    def get_contextual_name(self, context: AdvisorObservationContext) -> str:
        """The span name."""

    def supports_context(self, context: object) -> bool:
        """Whether this convention applies to ``context`` (Micrometer's ``supportsContext``)."""
        return isinstance(context, AdvisorObservationContext)

    def get_low_cardinality_key_values(self, context: AdvisorObservationContext) -> Attributes:
        """Attributes with few distinct values."""
        return {}

    def get_high_cardinality_key_values(self, context: AdvisorObservationContext) -> Attributes:
        """Attributes with many distinct values."""
        return {}

    def attributes(self, context: AdvisorObservationContext) -> Attributes:
        """All span attributes: low then high cardinality."""
        return {
            **self.get_low_cardinality_key_values(context),
            **self.get_high_cardinality_key_values(context),
        }


class DefaultAdvisorObservationConvention(AdvisorObservationConvention):
    """Spring's advisor convention: ``my_name`` spans with the ``spring.ai.advisor.*`` keys."""

    DEFAULT_NAME: ClassVar[str] = "spring.ai.advisor"

    def __init__(self, name: str = DEFAULT_NAME) -> None:
        self._name = name

    def get_name(self) -> str:
        return self._name

    def get_contextual_name(self, context: AdvisorObservationContext) -> str:
        _assert.not_none(context, "context cannot be null")
        return advisor_contextual_name(context.advisor_name)

    def get_low_cardinality_key_values(self, context: AdvisorObservationContext) -> Attributes:
        _assert.not_none(context, "context cannot be null")
        return {
            "gen_ai.operation.name": "framework",
            "gen_ai.system": "spring_ai",
            "gen_ai.provider.name": "spring_ai",
            "spring.ai.kind": "advisor",
            "spring.ai.advisor.name": context.advisor_name,
        }

    def get_high_cardinality_key_values(self, context: AdvisorObservationContext) -> Attributes:
        _assert.not_none(context, "context cannot be null")
        return {"spring.ai.advisor.order": context.order}
