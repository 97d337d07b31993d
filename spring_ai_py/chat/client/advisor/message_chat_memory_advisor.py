"""``MessageChatMemoryAdvisor``: conversation history from a ``ChatMemory``."""

from __future__ import annotations

import warnings
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import blocking_io_allowed
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.advisor_utils import (
    TOOL_LOOP_PENDING_KEY,
    TOOL_LOOP_RESUME_KEY,
    TOOL_LOOP_SCOPE_KEY,
    TOOL_LOOP_TOKEN_KEY,
    TOOL_LOOP_USER_MESSAGE_KEY,
)
from spring_ai_py.chat.client.advisor.api.advisor import Advisor
from spring_ai_py.chat.client.advisor.api.base_advisor import (
    BaseChatMemoryAdvisor,
    default_scheduler,
)
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.memory._support import without_storage_metadata
from spring_ai_py.chat.messages import AssistantMessage, Message, SystemMessage

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import AdvisorChain


class _MessageChatMemoryAdvisorBuilder(_builder.Builder["MessageChatMemoryAdvisor"]):
    """``builder(chat_memory).conversation_id(...).order(...).scheduler(...).build()``."""

    __slots__ = ()

    def conversation_id(self, conversation_id: str, /) -> Self:
        """Deprecated: the conversation to use when the request's context names none.

        Spring AI 2.0.1 has no default conversation id (pass
        ``ChatMemory.CONVERSATION_ID`` as an advisor param instead); kept as an alias
        that emits ``DeprecationWarning``.
        """
        warnings.warn(
            "MessageChatMemoryAdvisor.Builder.conversation_id() is deprecated: Spring AI "
            "2.0.1 has no default conversation id; pass ChatMemory.CONVERSATION_ID as an "
            "advisor param",
            DeprecationWarning,
            stacklevel=2,
        )
        self._values["conversation_id"] = _assert.has_text(
            conversation_id, "conversation_id cannot be null or empty"
        )
        return self


class MessageChatMemoryAdvisor(BaseChatMemoryAdvisor, Buildable):
    """Adds the conversation's stored messages to the prompt and stores the new turn.

    ``before()`` reads the history for the conversation id (the advisor param
    ``ChatMemory.CONVERSATION_ID``, else the builder's ``conversation_id``; one of them
    is required) and puts it before the prompt's messages, keeping a system message
    first. Unlike Spring 2.0.1 nothing is written before the model
    answers: ``after()`` stores the request's last user (or tool-response) message
    together with the first generation's assistant message, so a failed call leaves the
    memory unchanged. On the stream path the aggregated reply is stored when the stream
    completes (with or without a finish reason); a stream that fails or is not consumed
    to its end stores nothing.

    Its default order, ``Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER``, puts it outside
    the tool loop: one turn is stored per call. Given an order above the
    ``ToolCallingAdvisor``'s it sits inside the loop and every iteration is stored, all
    together once the model answers without tool calls: a loop that fails in a later
    round (or ends by return-direct or a tool-call limit) stores nothing of the turn.
    """

    def __init__(
        self,
        chat_memory: ChatMemory,
        conversation_id: str | None = None,
        order: int = Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER,
        scheduler: Executor | None = None,
    ) -> None:
        self._chat_memory = _assert.not_none(chat_memory, "chat_memory cannot be null")
        _assert.instance_of(chat_memory, ChatMemory, "chat_memory")
        if conversation_id is not None:
            _assert.has_text(conversation_id, "conversation_id cannot be null or empty")
        self._default_conversation_id = conversation_id
        self._order = order
        self._scheduler = scheduler if scheduler is not None else default_scheduler()
        self._deferred_key = f"spring_ai_py.chat.memory.deferred_messages.{id(self)}"
        # ``before`` only reads the window from the repository and ``after`` only writes
        # the turn: where the running code may block (a plain ``for`` driven on its
        # consumer's thread) they run right there, not queued behind every other
        # stream's on the scheduler's few workers. A subclass's ``before`` or ``after``,
        # a memory of its own or a scheduler given keep the hop.
        from spring_ai_py.chat.memory.message_window_chat_memory import MessageWindowChatMemory

        self._in_place = (
            scheduler is None
            and type(self).before is MessageChatMemoryAdvisor.before
            and type(self).after is MessageChatMemoryAdvisor.after
            and type(chat_memory) is MessageWindowChatMemory
        )

    @staticmethod
    def builder(chat_memory: ChatMemory) -> MessageChatMemoryAdvisor.Builder:
        """A builder for an advisor over ``chat_memory`` (order, scheduler, default conversation id).
"""
        _assert.not_none(chat_memory, "chat_memory cannot be null")
        return MessageChatMemoryAdvisor.Builder(
            MessageChatMemoryAdvisor, {"chat_memory": chat_memory}
        )

    def get_order(self) -> int:
        return self._order

    def get_scheduler(self) -> Executor:
        return self._scheduler

    def get_chat_memory(self) -> ChatMemory:
        return self._chat_memory

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        if TOOL_LOOP_RESUME_KEY in chat_client_request.context:
            # A resumed turn continues from its saved history, this advisor's context
            # (the turn's user message) included.
            return chat_client_request
        conversation_id = self.get_conversation_id(
            chat_client_request.context, self._default_conversation_id
        )
        memory_messages = self._chat_memory.get(conversation_id)
        loop_scope = chat_client_request.context.get(TOOL_LOOP_SCOPE_KEY)
        if isinstance(loop_scope, dict):
            # The rounds deferred by after() belong before this round's results.
            memory_messages = memory_messages + loop_scope.get(self._deferred_key, [])
        prompt_messages = chat_client_request.prompt.get_instructions()
        messages: list[Message] = []
        if not _memory_already_in_prompt(prompt_messages, memory_messages):
            messages.extend(memory_messages)
        messages.extend(prompt_messages)
        for index, message in enumerate(messages):
            if isinstance(message, SystemMessage):
                messages.insert(0, messages.pop(index))
                break
        prompt = chat_client_request.prompt.mutate().messages(messages).build()
        context = dict(chat_client_request.context)
        context[self._pending_key] = prompt.get_last_user_or_tool_response_message()
        return ChatClientRequest(prompt, context)

    async def abefore(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        """``before`` on the async paths: on the scheduler's executor, except in a stream
        read with a plain ``for`` on its consumer's thread, where blocking I/O is allowed
        and the window is read in place (with the default scheduler and the library's
        ``MessageWindowChatMemory``)."""
        if self._in_place and blocking_io_allowed():
            return self.before(chat_client_request, advisor_chain)
        return await super().abefore(chat_client_request, advisor_chain)

    async def aafter(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        """``after`` on the async paths: on the scheduler's executor, or in place where
        :meth:`abefore` reads in place."""
        if self._in_place and blocking_io_allowed():
            return self.after(chat_client_response, advisor_chain)
        return await super().aafter(chat_client_response, advisor_chain)

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        context = dict(chat_client_response.context)
        pending = context.pop(self._pending_key, None)
        turn_user_message = context.pop(TOOL_LOOP_USER_MESSAGE_KEY, None)
        if pending is None:
            # A turn resumed in another process: its user message was saved with it.
            pending = turn_user_message
        if TOOL_LOOP_PENDING_KEY in context:
            # A paused turn is not complete: it is stored when it completes.
            return ChatClientResponse(chat_client_response.chat_response, context)
        conversation_id = self.get_conversation_id(context, self._default_conversation_id)
        turn: list[Message] = [pending] if isinstance(pending, Message) else []
        chat_response = chat_client_response.chat_response
        generation = chat_response.get_result() if chat_response is not None else None
        token = context.get(TOOL_LOOP_TOKEN_KEY)
        if generation is not None:
            answer = generation.get_output()
            if isinstance(token, str) and TOOL_LOOP_SCOPE_KEY not in context:
                # A turn with durable state is stored once, even when it is resumed after
                # a crash that came after this write: its answer carries the token.
                if any(
                    m.get_metadata().get(TOOL_LOOP_TOKEN_KEY) == token
                    for m in self._chat_memory.get(conversation_id)[-2:]
                ):
                    return ChatClientResponse(chat_client_response.chat_response, context)
                answer = (
                    answer.mutate()
                    .properties({**answer.get_metadata(), TOOL_LOOP_TOKEN_KEY: token})
                    .build()
                )
            turn.append(answer)
        loop_scope = context.get(TOOL_LOOP_SCOPE_KEY)
        if isinstance(loop_scope, dict):
            # Inside the tool loop a turn is stored whole or not at all: the rounds that
            # end in tool calls wait in the loop scope and are stored with the round the
            # model answers without tool calls. A loop that ends otherwise (a failure in a
            # later round, return-direct, a tool-call limit) stores nothing, so no tool
            # call is left unanswered and a retry stores no message twice.
            turn = loop_scope.pop(self._deferred_key, []) + turn
            if turn and isinstance(turn[-1], AssistantMessage) and turn[-1].has_tool_calls():
                loop_scope[self._deferred_key] = turn
                turn = []
        if turn:
            self._chat_memory.add(conversation_id, turn)
        return ChatClientResponse(chat_client_response.chat_response, context)

    def __repr__(self) -> str:
        return f"MessageChatMemoryAdvisor(order={self._order}, chat_memory={self._chat_memory!r})"

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        if name == "scheduler":
            _assert.not_none(value, "scheduler cannot be null")

    # --- generated builder (base: _MessageChatMemoryAdvisorBuilder) (own builder()) ---
    class Builder(_MessageChatMemoryAdvisorBuilder):
        """The builder of :class:`MessageChatMemoryAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_memory(self, chat_memory: ChatMemory, /) -> Self:
            return self._set("chat_memory", (chat_memory,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        def scheduler(self, scheduler: Executor | None, /) -> Self:
            return self._set("scheduler", (scheduler,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MessageChatMemoryAdvisor: ...
    # --- end of generated builder ---

def _memory_already_in_prompt(
    prompt_messages: list[Message], memory_messages: list[Message]
) -> bool:
    """Whether the stored history already appears, in order, inside the prompt.

    The creation time the SQL repository adds to read-back messages is not part of the
    comparison: a stored message equals the message that was stored.
    """
    if not memory_messages:
        return True
    if len(prompt_messages) < len(memory_messages):
        return False  # cannot hold them: no need to copy the history to compare
    stored = [without_storage_metadata(message) for message in memory_messages]
    size = len(stored)
    return any(
        prompt_messages[offset : offset + size] == stored
        for offset in range(len(prompt_messages) - size + 1)
    )
