"""A ToolCallingAdvisor subclass's hooks may block (ToolSearch indexes tools, which can
embed them): on the async call and stream paths they run off the event loop's thread;
the plain ToolCallingAdvisor keeps advancing its loop on the event loop."""

from __future__ import annotations

import asyncio
import threading

from spring_ai_py.chat.client import ChatClient, ChatClientRequest
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import CallAdvisorChain, StreamAdvisorChain
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import tool


@tool
def ping() -> str:
    """Answers pong."""
    return "pong"


class RecordingHooks(ToolCallingAdvisor):
    def __init__(self) -> None:
        defaults = ToolCallingAdvisor.builder()
        super().__init__(
            defaults.get_tool_calling_manager(),  # type: ignore[arg-type]
            defaults.get_tool_execution_eligibility_checker(),  # type: ignore[arg-type]
            defaults.get_advisor_order(),
            defaults.is_conversation_history_enabled(),
        )
        self.threads: list[threading.Thread] = []

    def do_before_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        self.threads.append(threading.current_thread())
        return chat_client_request

    def do_before_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        self.threads.append(threading.current_thread())
        return chat_client_request


def scripted() -> ScriptedChatModel:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls(("ping", {}))
    model.add_response("done")
    return model


def test_overridden_hooks_run_off_the_event_loop_on_the_async_paths() -> None:
    advisor = RecordingHooks()

    async def run() -> tuple[threading.Thread, str | None, str]:
        client = ChatClient.builder(scripted()).default_advisors(advisor).default_tools(ping).build()
        answer = await client.prompt().user("go").call().acontent()
        stream_client = ChatClient.builder(scripted()).default_advisors(advisor).default_tools(ping).build()
        streamed = "".join([c async for c in stream_client.prompt().user("go").stream().content()])
        return threading.current_thread(), answer, streamed

    loop_thread, answer, streamed = asyncio.run(run())
    assert (answer, streamed) == ("done", "done")
    assert len(advisor.threads) == 4  # two rounds on each path
    assert all(thread is not loop_thread for thread in advisor.threads)
