"""Tool search on a 50-tool catalogue: how many tokens of tool definitions it saves.

Runs offline against the scripted model from ``spring_ai_py.test``:

    python examples/tool_search.py

The same question ("weather in Lyon tomorrow, and where can I buy a raincoat?") is
answered twice over the same 50 tools. The baseline sends every tool definition on
every model call (the plain ``ToolCallingAdvisor``). The tool-search run uses a
``ToolSearchToolCallingAdvisor`` with the dependency-free ``KeywordToolIndex``: the
model first sees only ``toolSearchTool``, searches once per capability, and is then
sent just the tools it found. The scripted model plays the model's part; the
advisor, the index and the tools are real, so the weather and shop tools are only
callable if the search really found them.

The figures are measured from the prompts the model received: the tool definitions
of each call serialised as an OpenAI-style ``tools`` array, and the whole prompt
(messages plus tools), in characters and in approximate tokens (characters / 4).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import pydantic

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.function import FunctionToolCallback
from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex

# name, description, parameters: (name, type, description, required)
Param = tuple[str, type, str, bool]
CATALOGUE: list[tuple[str, str, list[Param]]] = [
    (
        "get_weather",
        "Get the weather forecast for a city: temperature, rain probability and wind for today or a future date.",
        [
            ("city", str, "City name, e.g. Lyon", True),
            ("date", str, "ISO date; today when omitted", False),
        ],
    ),
    (
        "list_clothing_shops",
        "List clothing shops near a place, optionally filtered by the kind of item they sell (raincoats, shoes...).",
        [
            ("city", str, "City to search in", True),
            ("item", str, "Item the shop should sell", False),
        ],
    ),
    (
        "get_air_quality",
        "Get the air quality index and main pollutants for a city.",
        [("city", str, "City name", True)],
    ),
    (
        "convert_currency",
        "Convert an amount of money from one currency to another at today's exchange rate.",
        [
            ("amount", float, "Amount to convert", True),
            ("from_currency", str, "ISO code, e.g. EUR", True),
            ("to_currency", str, "ISO code, e.g. USD", True),
        ],
    ),
    (
        "get_stock_quote",
        "Get the latest stock quote (price, change, volume) for a ticker symbol.",
        [("symbol", str, "Ticker symbol, e.g. ACME", True)],
    ),
    (
        "get_news_headlines",
        "Get the latest news headlines, optionally for a topic or a country.",
        [
            ("topic", str, "Topic such as politics or sport", False),
            ("country", str, "ISO country code", False),
        ],
    ),
    (
        "translate_text",
        "Translate a text into another language.",
        [
            ("text", str, "Text to translate", True),
            ("target_language", str, "Target language code", True),
        ],
    ),
    (
        "detect_language",
        "Detect the language a text is written in.",
        [("text", str, "Text to analyse", True)],
    ),
    (
        "send_email",
        "Send an email to one or more recipients.",
        [
            ("to", str, "Comma-separated recipient addresses", True),
            ("subject", str, "Subject line", True),
            ("body", str, "Plain-text body", True),
        ],
    ),
    (
        "search_emails",
        "Search the user's mailbox by sender, subject words or date range.",
        [("query", str, "Search words", True), ("limit", int, "Maximum results", False)],
    ),
    (
        "create_calendar_event",
        "Create a calendar event with a title, start and end time, and attendees.",
        [
            ("title", str, "Event title", True),
            ("start", str, "ISO date-time", True),
            ("end", str, "ISO date-time", True),
            ("attendees", str, "Comma-separated emails", False),
        ],
    ),
    (
        "list_calendar_events",
        "List the user's calendar events between two dates.",
        [("start", str, "ISO date", True), ("end", str, "ISO date", True)],
    ),
    (
        "cancel_calendar_event",
        "Cancel a calendar event and notify its attendees.",
        [("event_id", str, "Event identifier", True)],
    ),
    (
        "send_slack_message",
        "Post a message to a Slack channel or user.",
        [("channel", str, "Channel name or user id", True), ("text", str, "Message text", True)],
    ),
    ("list_slack_channels", "List the Slack channels the user can post to.", []),
    (
        "create_github_issue",
        "Open an issue in a GitHub repository.",
        [
            ("repository", str, "owner/name", True),
            ("title", str, "Issue title", True),
            ("body", str, "Issue description", False),
        ],
    ),
    (
        "list_pull_requests",
        "List open pull requests of a GitHub repository.",
        [("repository", str, "owner/name", True)],
    ),
    (
        "merge_pull_request",
        "Merge a pull request once its checks pass.",
        [("repository", str, "owner/name", True), ("number", int, "Pull request number", True)],
    ),
    (
        "create_jira_ticket",
        "Create a Jira ticket in a project with a summary, description and priority.",
        [
            ("project", str, "Project key", True),
            ("summary", str, "One-line summary", True),
            ("priority", str, "Lowest to Highest", False),
        ],
    ),
    (
        "run_sql_query",
        "Run a read-only SQL query against the analytics database and return the rows.",
        [("sql", str, "SELECT statement", True)],
    ),
    (
        "describe_table",
        "Describe the columns and types of a database table.",
        [("table", str, "Table name", True)],
    ),
    ("read_file", "Read a text file from the shared drive.", [("path", str, "File path", True)]),
    (
        "write_file",
        "Write text to a file on the shared drive, replacing its content.",
        [("path", str, "File path", True), ("content", str, "New content", True)],
    ),
    (
        "list_directory",
        "List the files of a directory on the shared drive.",
        [("path", str, "Directory path", True)],
    ),
    (
        "geocode_address",
        "Turn a street address into latitude and longitude.",
        [("address", str, "Full address", True)],
    ),
    (
        "get_directions",
        "Get driving, walking or transit directions between two places with travel time.",
        [
            ("origin", str, "Start address", True),
            ("destination", str, "End address", True),
            ("mode", str, "driving, walking or transit", False),
        ],
    ),
    (
        "search_flights",
        "Search flights between two airports on a date, with prices and durations.",
        [
            ("origin", str, "IATA code", True),
            ("destination", str, "IATA code", True),
            ("date", str, "ISO date", True),
        ],
    ),
    (
        "book_flight",
        "Book a flight offer found by search_flights for a passenger.",
        [("offer_id", str, "Offer identifier", True), ("passenger", str, "Full name", True)],
    ),
    (
        "search_hotels",
        "Search hotels in a city for given dates, with price per night and rating.",
        [
            ("city", str, "City", True),
            ("check_in", str, "ISO date", True),
            ("check_out", str, "ISO date", True),
        ],
    ),
    (
        "find_restaurants",
        "Find restaurants near a place by cuisine and price level.",
        [("city", str, "City", True), ("cuisine", str, "Cuisine, e.g. thai", False)],
    ),
    (
        "reserve_table",
        "Reserve a table at a restaurant for a number of people.",
        [
            ("restaurant_id", str, "Restaurant identifier", True),
            ("time", str, "ISO date-time", True),
            ("people", int, "Party size", True),
        ],
    ),
    (
        "play_music",
        "Play a song, album or playlist on the user's speaker.",
        [("query", str, "What to play", True)],
    ),
    (
        "set_thermostat",
        "Set the home thermostat to a target temperature in Celsius.",
        [("temperature", float, "Target temperature", True)],
    ),
    (
        "turn_on_lights",
        "Turn on the lights of a room, optionally dimmed.",
        [("room", str, "Room name", True), ("brightness", int, "0-100", False)],
    ),
    (
        "order_groceries",
        "Order groceries for home delivery from the user's usual store.",
        [("items", str, "Comma-separated items", True)],
    ),
    (
        "track_package",
        "Track a parcel by its tracking number.",
        [("tracking_number", str, "Carrier tracking number", True)],
    ),
    (
        "get_exchange_rates",
        "Get today's exchange rates for a base currency.",
        [("base", str, "ISO code", True)],
    ),
    (
        "calculate_mortgage",
        "Calculate the monthly payment of a mortgage.",
        [
            ("principal", float, "Loan amount", True),
            ("rate", float, "Yearly interest rate in percent", True),
            ("years", int, "Duration", True),
        ],
    ),
    (
        "get_crypto_price",
        "Get the current price of a cryptocurrency.",
        [("symbol", str, "Symbol, e.g. BTC", True)],
    ),
    (
        "summarize_document",
        "Summarise a long document into a few bullet points.",
        [("text", str, "Document text", True)],
    ),
    (
        "extract_entities",
        "Extract people, places and organisations mentioned in a text.",
        [("text", str, "Text to analyse", True)],
    ),
    (
        "generate_image",
        "Generate an image from a text description.",
        [("prompt", str, "What to draw", True), ("size", str, "e.g. 1024x1024", False)],
    ),
    (
        "transcribe_audio",
        "Transcribe an audio recording into text.",
        [("url", str, "Audio file URL", True)],
    ),
    (
        "get_time_zone",
        "Get the time zone and current local time of a city.",
        [("city", str, "City", True)],
    ),
    (
        "get_public_holidays",
        "List the public holidays of a country for a year.",
        [("country", str, "ISO country code", True), ("year", int, "Year", True)],
    ),
    (
        "lookup_contact",
        "Look up a contact's phone number and email in the address book.",
        [("name", str, "Contact name", True)],
    ),
    (
        "create_reminder",
        "Create a reminder that notifies the user at a given time.",
        [("text", str, "What to remind", True), ("time", str, "ISO date-time", True)],
    ),
    (
        "get_sports_scores",
        "Get the latest scores for a sports league or team.",
        [("league", str, "League, e.g. NBA", True)],
    ),
    (
        "check_server_status",
        "Check whether a web service is up and its response time.",
        [("url", str, "Service URL", True)],
    ),
    (
        "create_invoice",
        "Create and send an invoice to a customer.",
        [
            ("customer", str, "Customer name", True),
            ("amount", float, "Amount due", True),
            ("due_date", str, "ISO date", True),
        ],
    ),
]

QUESTION = "What's the weather in Lyon tomorrow, and where can I buy a raincoat there?"
ANSWER = (
    "Tomorrow in Lyon: 14°C with showers likely. For a raincoat, try Imper & Co, 12 rue Mercière."
)
CANNED = {
    "get_weather": "Lyon tomorrow: 14°C, 80% chance of showers, light wind.",
    "list_clothing_shops": "Imper & Co (12 rue Mercière) sells raincoats; Outdoor Lyon (3 quai Saint-Antoine).",
}


def make_tool(name: str, description: str, params: list[Param]) -> ToolCallback:
    fields: dict[str, Any] = {
        pname: (
            ptype if required else ptype | None,
            pydantic.Field(... if required else None, description=pdesc),
        )
        for pname, ptype, pdesc, required in params
    }
    input_type = pydantic.create_model(f"{name}_input", **fields)
    answer = CANNED.get(name, f"{name}: done")
    return (
        FunctionToolCallback.builder(name, lambda _request: answer)
        .description(description)
        .input_type(input_type)
        .build()
    )


@dataclass
class CallStats:
    tools: int
    tool_chars: int
    prompt_chars: int


def tokens(chars: int) -> int:
    return math.ceil(chars / 4)


def measure(prompt: Prompt) -> CallStats:
    """What one model call carried: its tool definitions as an OpenAI-style ``tools``
    array, and the whole prompt (messages, tool calls, tool results and tools)."""
    options = prompt.get_options()
    callbacks = options.tool_callbacks or [] if isinstance(options, ToolCallingChatOptions) else []
    tools_json = json.dumps(
        [
            {
                "type": "function",
                "function": {
                    "name": d.name,
                    "description": d.description,
                    "parameters": json.loads(d.input_schema),
                },
            }
            for d in (c.get_tool_definition() for c in callbacks)
        ]
    )
    message_chars = 0
    for message in prompt.get_instructions():
        message_chars += len(message.get_text() or "")
        if isinstance(message, AssistantMessage):
            message_chars += sum(len(c.name) + len(c.arguments) for c in message.get_tool_calls())
        if isinstance(message, ToolResponseMessage):
            message_chars += sum(
                len(r.name) + len(r.response_data) for r in message.get_responses()
            )
    tool_chars = len(tools_json) if callbacks else 0
    return CallStats(len(callbacks), tool_chars, tool_chars + message_chars)


def baseline(catalogue: list[ToolCallback]) -> list[CallStats]:
    model = ScriptedChatModel()
    model.add_tool_calls(
        ("get_weather", {"city": "Lyon", "date": "tomorrow"}),
        ("list_clothing_shops", {"city": "Lyon", "item": "raincoat"}),
    )
    model.add_response(ANSWER)
    answer = (
        ChatClient.create(model)
        .prompt()
        .system("You are a helpful assistant.")
        .user(QUESTION)
        .tool_callbacks(catalogue)
        .call()
        .content()
    )
    assert answer == ANSWER
    return [measure(p) for p in model.prompts]


def with_tool_search(catalogue: list[ToolCallback]) -> list[CallStats]:
    model = ScriptedChatModel()
    # One search per capability, as the toolSearchTool description asks.
    model.add_tool_calls(
        ("toolSearchTool", {"query": "weather forecast for a city"}),
        ("toolSearchTool", {"query": "clothing shops that sell raincoats"}),
    )
    model.add_tool_calls(
        ("get_weather", {"city": "Lyon", "date": "tomorrow"}),
        ("list_clothing_shops", {"city": "Lyon", "item": "raincoat"}),
    )
    model.add_response(ANSWER)
    advisor = (
        ToolSearchToolCallingAdvisor.builder().tool_index(KeywordToolIndex()).max_results(3).build()
    )
    client = ChatClient.builder(model).default_advisors(advisor).build()
    answer = (
        client.prompt()
        .system("You are a helpful assistant.")
        .user(QUESTION)
        .tool_callbacks(catalogue)
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "demo"))
        .call()
        .content()
    )
    assert answer == ANSWER
    searches = model.prompts[1].get_instructions()[-1]
    assert isinstance(searches, ToolResponseMessage)
    print("toolSearchTool found:", ", ".join(r.response_data for r in searches.get_responses()))
    return [measure(p) for p in model.prompts]


def report(title: str, calls: list[CallStats]) -> tuple[int, int]:
    print(f"\n{title}")
    print("  call  tools  tool definitions (chars ~tokens)  whole prompt (chars ~tokens)")
    for number, call in enumerate(calls, 1):
        print(
            f"  {number:>4}  {call.tools:>5}  {call.tool_chars:>9,} ~{tokens(call.tool_chars):>6,}"
            f"                {call.prompt_chars:>9,} ~{tokens(call.prompt_chars):>6,}"
        )
    tool_total = sum(tokens(c.tool_chars) for c in calls)
    prompt_total = sum(tokens(c.prompt_chars) for c in calls)
    print(f"  total  ~{tool_total:,} tokens of tool definitions, ~{prompt_total:,} prompt tokens")
    return tool_total, prompt_total


def main() -> None:
    catalogue = [make_tool(*entry) for entry in CATALOGUE]
    assert len(catalogue) == 50
    baseline_tools, baseline_prompt = report(
        "Baseline: all 50 tools on every call", baseline(catalogue)
    )
    search_calls = with_tool_search(catalogue)
    search_tools, search_prompt = report(
        "Tool search (KeywordToolIndex, max_results 3)", search_calls
    )
    print(
        f"\nTool definitions sent: ~{baseline_tools:,} -> ~{search_tools:,} tokens "
        f"({100 * (baseline_tools - search_tools) / baseline_tools:.0f}% less); "
        f"whole prompts: ~{baseline_prompt:,} -> ~{search_prompt:,} tokens "
        f"({100 * (baseline_prompt - search_prompt) / baseline_prompt:.0f}% less), "
        f"at the cost of one more model call."
    )
    assert search_prompt < baseline_prompt


if __name__ == "__main__":
    main()
