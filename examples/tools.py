"""Tool calling: a weather tool, a return-direct tool, and parallel tools.

Runs offline against the scripted model from ``spring_ai_py.test``:

    python examples/tools.py

The scripted model plays the LLM: it asks for tools, and the ToolCallingAdvisor that
the ChatClient registers runs them and calls the model again with the results. The
example prints each answer and what the model received from the tools.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import ToolResponseMessage
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolParam, tool


@tool
def get_weather(city: Annotated[str, ToolParam(description="The city, e.g. Paris")]) -> str:
    """The current weather of a city."""
    return {"Paris": "sunny, 24°C", "Oslo": "rain, 9°C"}.get(city, "unknown")


@tool(return_direct=True)
def create_ticket(title: str, tool_context: ToolContext) -> str:
    """Open a support ticket and return its number to the user directly."""
    tool_context.put("ticket_opened", True)
    return f"Ticket #{len(title)} opened for {tool_context.get('user')}: {title}"


@tool
async def get_time(city: str) -> str:
    """The local time of a city (an async tool)."""
    await asyncio.sleep(0)
    return {"Paris": "14:05", "Oslo": "14:05"}.get(city, "unknown")


def tool_results(model: ScriptedChatModel) -> list[str]:
    message = model.last_prompt.get_instructions()[-1]
    assert isinstance(message, ToolResponseMessage)
    return [f"{r.name} -> {r.response_data}" for r in message.get_responses()]


def main() -> None:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="scripted"))
    client = ChatClient.builder(model).default_tools(get_weather, get_time).build()

    # 1. A weather tool: the model asks for it, gets the result, and answers.
    model.add_tool_calls(("get_weather", {"city": "Paris"}))
    model.add_response("It is sunny in Paris, 24°C.")
    print("weather:", client.prompt().user("What's the weather in Paris?").call().content())
    print("  the model saw:", tool_results(model))

    # 2. A return-direct tool: its result goes straight to the caller, not to the model.
    model.add_tool_calls(("create_ticket", {"title": "Printer on fire"}))
    response = (
        client.prompt()
        .user("Open a ticket: printer on fire")
        .tools(create_ticket)
        .tool_context({"user": "ada"})
        .call()
        .chat_client_response()
    )
    generation = response.chat_response.get_result() if response.chat_response else None
    assert generation is not None
    print("ticket:", generation.get_output().get_text())
    print("  ticket_opened in the advisor context:", response.context.get("ticket_opened"))

    # 3. Parallel tools: both calls of one batch run at the same time; results keep
    #    the model's order. Streamed, consumed with a plain for loop.
    model.add_tool_calls(("get_weather", {"city": "Oslo"}), ("get_time", {"city": "Oslo"}))
    model.add_response("In Oslo it is 14:05 and raining, 9°C.")
    stream = client.prompt().user("Weather and time in Oslo?").stream().content()
    print("parallel:", "".join(chunk for chunk in stream))
    print("  the model saw:", tool_results(model))

    # The advisor chain the requests ran through.
    print(client.prompt().explain())


if __name__ == "__main__":
    main()
