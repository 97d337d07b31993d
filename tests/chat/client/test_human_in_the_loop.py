"""Approval gates, environment pauses and resume through the ChatClient (beyond Spring),
against the fake OpenAI and Anthropic servers, on the call, async and stream paths."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from typing import Any, Literal

import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client import ChatClient, ChatClientResponse
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, ToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.model.tool import (
    Approve,
    DefaultToolCallingManager,
    Edit,
    PauseReason,
    PendingApproval,
    Reject,
    ToolCallListener,
    ToolCallStatus,
)
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer, ScriptedChatModel
from spring_ai_py.tool import tool
from spring_ai_py.tool.execution import EnvironmentToolError

CID = ChatMemory.CONVERSATION_ID
Mode = Literal["call", "acall", "stream"]
MODES: tuple[Mode, ...] = ("call", "acall", "stream")


class Provider:
    """One fake server and a model on it; scripts tool calls and answers the same way."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.server: OpenAiTestServer | AnthropicTestServer = (
            OpenAiTestServer() if kind == "openai" else AnthropicTestServer()
        )

    def model(self) -> ChatModel:
        if isinstance(self.server, OpenAiTestServer):
            return OpenAiChatModel(
                options=OpenAiChatOptions.builder()
                .model("gpt-4o-mini")
                .api_key("sk-test")
                .base_url(self.server.base_url)
                .max_retries(0)
                .build()
            )
        return AnthropicChatModel(
            options=AnthropicChatOptions.builder()
            .model("claude-opus-4-1")
            .api_key("sk-ant-test")
            .base_url(self.server.base_url)
            .max_retries(0)
            .build()
        )

    def tools(self, *calls: tuple[str, str, dict[str, Any]]) -> None:
        self.server.enqueue_tool_calls([{"id": i, "name": n, "arguments": a} for i, n, a in calls])

    def text(self, text: str) -> None:
        self.server.enqueue_text(text)

    def tool_results_sent(self) -> list[str]:
        """The tool results of the last request, as the provider received them."""
        body = self.server.requests[-1].body
        results: list[str] = []
        for message in body["messages"]:
            if self.kind == "openai" and message.get("role") == "tool":
                results.append(message["content"])
            if self.kind == "anthropic" and isinstance(message.get("content"), list):
                for block in message["content"]:
                    if block.get("type") == "tool_result":
                        content = block["content"]
                        results.append(content if isinstance(content, str) else content[0]["text"])
        return results


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> Iterator[Provider]:
    prov = Provider(request.param)
    with prov.server:
        yield prov


def run(client: ChatClient, spec: Callable[[Any], Any], mode: Mode) -> ChatClientResponse:
    """One request in ``mode``; the response that matters (the stream's last chunk)."""
    if mode == "call":
        return spec(client.prompt()).call().chat_client_response()  # type: ignore[no-any-return]
    if mode == "acall":
        return asyncio.run(spec(client.prompt()).call().achat_client_response())  # type: ignore[no-any-return]

    async def last() -> ChatClientResponse:
        chunks = [c async for c in spec(client.prompt()).stream().chat_client_response()]
        paused = [c for c in chunks if c.pending_approval is not None]
        if paused:
            assert paused[-1] is chunks[-1], "the pending approval comes last"
            return paused[-1]
        text = "".join(
            g.get_output().get_text() or ""
            for c in chunks
            if c.chat_response is not None
            for g in c.chat_response.get_results()
        )
        return ChatClientResponse(ChatResponse([Generation(AssistantMessage(text))]), chunks[-1].context)

    return asyncio.run(last())


def text_of(response: ChatClientResponse) -> str:
    assert response.chat_response is not None
    return response.chat_response.get_result().get_output().get_text() or ""  # type: ignore[union-attr]


ran: list[str] = []


@tool(requires_approval=True)
def transfer(amount: int) -> str:
    """Move money."""
    ran.append(f"transfer {amount}")
    return f"moved {amount}"


@tool
def balance() -> str:
    """The balance."""
    ran.append("balance")
    return "100"


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


def banking(provider: Provider) -> tuple[ChatClient, MessageWindowChatMemory]:
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(provider.model())
        .default_tools(transfer, balance)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    return client, memory


def ask(text: str, conversation: str = "c1") -> Callable[[Any], Any]:
    return lambda p: p.user(text).advisors(lambda a: a.param(CID, conversation))


@pytest.mark.parametrize("mode", MODES)
def test_a_gated_tool_pauses_the_whole_batch_and_approval_resumes_it(
    provider: Provider, mode: Mode
) -> None:
    client, memory = banking(provider)
    provider.tools(("b1", "balance", {}), ("t1", "transfer", {"amount": 5}))
    paused = run(client, ask("pay 5"), mode)

    pending = paused.pending_approval
    assert isinstance(pending, PendingApproval)
    assert pending.reason is PauseReason.APPROVAL and pending.conversation_id == "c1"
    assert [(c.id, c.name, c.status) for c in pending.tool_calls] == [
        ("b1", "balance", ToolCallStatus.PLANNED),
        ("t1", "transfer", ToolCallStatus.AWAITING_APPROVAL),
    ]
    assert [c.id for c in pending.awaiting()] == ["t1"]
    assert json.loads(pending.awaiting()[0].arguments) == {"amount": 5}
    assert ran == []  # nothing of the batch ran
    assert memory.get("c1") == []  # a paused turn is not stored
    assert paused.chat_response is not None
    generation = paused.chat_response.get_result()
    assert generation is not None
    assert generation.get_metadata().get_finish_reason() == PendingApproval.FINISH_REASON
    assert not generation.get_output().has_tool_calls()

    provider.text("Paid 5.")
    done = run(client, lambda p: p.resume(pending.token, {"t1": Approve()}), mode)
    assert text_of(done) == "Paid 5."
    assert done.pending_approval is None
    assert sorted(ran) == ["balance", "transfer 5"]
    assert provider.tool_results_sent() == ["100", "moved 5"]
    stored = memory.get("c1")
    assert [type(m).__name__ for m in stored] == ["UserMessage", "AssistantMessage"]
    assert [m.get_text() for m in stored] == ["pay 5", "Paid 5."]


@pytest.mark.parametrize("mode", MODES)
def test_a_rejected_call_reaches_the_model_as_a_refusal(provider: Provider, mode: Mode) -> None:
    client, _ = banking(provider)
    provider.tools(("t1", "transfer", {"amount": 500}))
    pending = run(client, ask("pay 500"), mode).pending_approval
    assert pending is not None
    provider.text("I did not pay.")
    done = run(client, lambda p: p.resume(pending.token, {"t1": Reject("too much")}), mode)
    assert text_of(done) == "I did not pay."
    assert ran == []
    assert provider.tool_results_sent() == ["Tool call rejected: too much"]


@pytest.mark.parametrize("mode", MODES)
def test_an_edited_call_runs_with_the_new_arguments(provider: Provider, mode: Mode) -> None:
    client, _ = banking(provider)
    provider.tools(("t1", "transfer", {"amount": 500}))
    pending = run(client, ask("pay 500"), mode).pending_approval
    assert pending is not None
    provider.text("Paid 50.")
    run(client, lambda p: p.resume(pending.token, {"t1": Edit({"amount": 50})}), mode)
    assert ran == ["transfer 50"]
    assert provider.tool_results_sent() == ["moved 50"]
    # The model sees its call with the arguments that ran.
    body = json.dumps(provider.server.requests[-1].body)
    assert '\\"amount\\": 50}' in body or '"amount": 50}' in body
    assert '"amount": 500' not in body and '\\"amount\\": 500' not in body


attempts: list[str] = []


@tool
def read_report(name: str) -> str:
    """Read a report."""
    attempts.append(name)
    if len(attempts) == 1:
        raise EnvironmentToolError("the report share is not mounted")
    return f"report {name}"


@pytest.mark.parametrize("mode", MODES)
def test_an_environment_failure_pauses_and_resumes_once_fixed(provider: Provider, mode: Mode) -> None:
    attempts.clear()
    manager = DefaultToolCallingManager.builder().on_environment_error("pause").build()
    client = (
        ChatClient.builder(
            provider.model(),
            tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(manager),
        )
        .default_tools(read_report, balance)
        .build()
    )
    provider.tools(("r1", "read_report", {"name": "q3"}), ("b1", "balance", {}))
    pending = run(client, lambda p: p.user("q3?"), mode).pending_approval
    assert pending is not None and pending.reason is PauseReason.ENVIRONMENT_ERROR
    statuses = {c.id: (c.status, c.reason) for c in pending.tool_calls}
    assert statuses == {
        "r1": (ToolCallStatus.FAILED, "the report share is not mounted"),
        "b1": (ToolCallStatus.DONE, None),
    }
    provider.text("Q3 is fine.")
    done = run(client, lambda p: p.resume(pending.token, {"r1": Approve()}), mode)
    assert text_of(done) == "Q3 is fine."
    assert attempts == ["q3", "q3"] and ran == ["balance"]  # balance never ran again
    assert provider.tool_results_sent() == ["report q3", "100"]


def test_without_pause_an_environment_failure_goes_to_the_model_as_before() -> None:
    attempts.clear()
    model = ScriptedChatModel().add_tool_calls(("read_report", {"name": "q3"})).add_response("ok")
    client = ChatClient.builder(model).default_tools(read_report).build()
    assert client.prompt("q3?").call().content() == "ok"
    last = model.prompts[-1].get_instructions()[-1]
    assert isinstance(last, ToolResponseMessage)
    assert last.get_responses()[0].response_data == "the report share is not mounted"


def test_a_predicate_gate_holds_only_the_calls_it_matches() -> None:
    @tool(requires_approval=lambda call: json.loads(call.arguments)["amount"] > 100)
    def pay(amount: int) -> str:
        ran.append(f"pay {amount}")
        return "paid"

    model = ScriptedChatModel().add_tool_calls(("pay", {"amount": 5})).add_response("small")
    client = ChatClient.builder(model).default_tools(pay).build()
    assert client.prompt("pay 5").call().content() == "small"
    model.add_tool_calls(("pay", {"amount": 500}))
    assert client.prompt("pay 500").call().chat_client_response().pending_approval is not None
    assert ran == ["pay 5"]


def test_the_manager_gate_holds_callbacks_without_metadata() -> None:
    model = ScriptedChatModel().add_tool_calls(("balance", {}))
    manager = DefaultToolCallingManager.builder().requires_approval(lambda c: c.name == "balance").build()
    client = (
        ChatClient.builder(
            model, tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(manager)
        )
        .default_tools(balance)
        .build()
    )
    pending = client.prompt("?").call().chat_client_response().pending_approval
    assert pending is not None and [c.name for c in pending.awaiting()] == ["balance"]
    assert ran == []


# -- bad input ------------------------------------------------------------------------------


def paused_client() -> tuple[ChatClient, PendingApproval]:
    model = ScriptedChatModel().add_tool_calls(("transfer", {"amount": 1}))
    client = ChatClient.builder(model).default_tools(transfer).build()
    pending = client.prompt("pay").call().chat_client_response().pending_approval
    assert pending is not None
    return client, pending


def test_resume_without_a_decision_for_an_awaiting_call_names_it() -> None:
    client, pending = paused_client()
    call_id = pending.awaiting()[0].id
    with pytest.raises(ValueError, match=f"approvals has no decision for tool call: {call_id} \\(transfer\\)"):
        client.prompt().resume(pending.token).call().content()


def test_resume_with_an_unknown_call_id_names_it() -> None:
    client, pending = paused_client()
    with pytest.raises(ValueError, match="approvals names an unknown tool call: nope"):
        client.prompt().resume(pending.token, {"nope": Approve()}).call().content()


def test_resume_of_an_unknown_token_names_it() -> None:
    client, _ = paused_client()
    with pytest.raises(ValueError, match="No tool loop state found for token: missing"):
        client.prompt().resume("missing").call().content()


def test_resume_rejects_bad_arguments() -> None:
    client, pending = paused_client()
    with pytest.raises(ValueError, match="token cannot be null or empty"):
        client.prompt().resume("")
    with pytest.raises(TypeError, match=r"approvals\['x'\] must be Approve\(\), Reject\(reason\) or Edit\(arguments\)"):
        client.prompt().resume(pending.token, {"x": "yes"})  # type: ignore[dict-item]


def test_resume_without_the_turns_tools_says_so() -> None:
    _, pending = paused_client()
    bare = ChatClient.builder(ScriptedChatModel()).build()
    with pytest.raises(ValueError, match="Resuming a tool loop needs the turn's tools"):
        bare.prompt().resume(pending.token).call().content()


def test_a_paused_turn_resumed_in_process_is_forgotten_once_done() -> None:
    _, pending = paused_client()
    # Another client in the same process finds the paused turn (one store per process).
    scripted = ScriptedChatModel().add_response("ok")
    again = ChatClient.builder(scripted).default_tools(transfer).build()
    assert again.prompt().resume(pending.token, {pending.awaiting()[0].id: Approve()}).call().content() == "ok"
    with pytest.raises(ValueError, match="No tool loop state found"):
        again.prompt().resume(pending.token).call().content()


def test_ungated_turns_keep_no_state_and_store_memory_as_before() -> None:
    memory = MessageWindowChatMemory.builder().build()
    model = ScriptedChatModel().add_tool_calls(("balance", {})).add_response("100 left")
    client = (
        ChatClient.builder(model)
        .default_tools(balance)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    response = client.prompt("balance?").advisors(lambda a: a.param(CID, "c")).call().chat_client_response()
    assert response.pending_approval is None
    assert ToolCallingAdvisor.TURN_TOKEN not in response.context
    stored = memory.get("c")
    assert [(type(m), m.get_text()) for m in stored] == [
        (UserMessage, "balance?"),
        (AssistantMessage, "100 left"),
    ]
    assert all(ToolCallingAdvisor.TURN_TOKEN not in m.get_metadata() for m in stored)


class Heard(ToolCallListener):
    def __init__(self) -> None:
        self.events: list[tuple[str, str, str | None]] = []

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        self.events.append(("started", tool_call.name, arguments))

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        assert duration >= 0 and error is None
        self.events.append(("finished", tool_call.name, result))


@pytest.mark.parametrize("mode", MODES)
def test_a_tool_call_listener_hears_every_call_start_and_finish(provider: Provider, mode: Mode) -> None:
    heard = Heard()
    client = (
        ChatClient.builder(
            provider.model(), tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_call_listener(heard)
        )
        .default_tools(balance)
        .build()
    )
    provider.tools(("b1", "balance", {}))
    provider.text("You have 100.")
    assert text_of(run(client, lambda p: p.user("balance?"), mode)) == "You have 100."
    assert heard.events == [("started", "balance", "{}"), ("finished", "balance", "100")]


def test_a_bad_listener_names_the_argument() -> None:
    with pytest.raises(TypeError, match="tool_call_listener must be a ToolCallListener"):
        ToolCallingAdvisor.builder().tool_call_listener(print)  # type: ignore[arg-type]


def test_on_async_paths_the_listener_runs_off_the_event_loop() -> None:
    import threading

    threads: list[threading.Thread] = []

    class Where(ToolCallListener):
        def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
            threads.append(threading.current_thread())

        def on_tool_call_finished(
            self,
            tool_call: AssistantMessage.ToolCall,
            result: str | None,
            error: BaseException | None,
            duration: float,
        ) -> None:
            threads.append(threading.current_thread())

    @tool
    async def ping() -> str:
        return "pong"

    model = ScriptedChatModel().add_tool_calls(("ping", {})).add_response("pong!")
    client = (
        ChatClient.builder(model, tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_call_listener(Where()))
        .default_tools(ping)
        .build()
    )

    async def main() -> threading.Thread:
        assert await client.prompt("ping").call().acontent() == "pong!"
        return threading.current_thread()

    loop_thread = asyncio.run(main())
    assert len(threads) == 2 and all(t is not loop_thread for t in threads)
