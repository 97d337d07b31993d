"""Citation documents, citations and web search results over the wire.

Not a port of a Spring unit-test class (Spring checks these in ``AnthropicChatModelIT``
against the real API). The fake server returns the content blocks of Anthropic's
Messages API reference: ``text`` blocks with ``citations`` of each location type
(``char_location`` for plain-text documents, ``page_location`` for PDFs,
``content_block_location`` for custom content, ``web_search_result_location`` for
web results), a ``server_tool_use`` block and its ``web_search_tool_result``; streamed,
citations arrive as ``citations_delta`` events and the search result whole in its
``content_block_start``.
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.anthropic import (
    AnthropicChatModel,
    AnthropicChatOptions,
    AnthropicCitationDocument,
    AnthropicServiceTier,
    AnthropicWebSearchResult,
    AnthropicWebSearchTool,
    Citation,
    CitationLocationType,
)
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.anthropic_server import AnthropicTestServer

CITED_ANSWER: list[dict[str, Any]] = [
    {"type": "text", "text": "According to the document, "},
    {
        "type": "text",
        "text": "the grass is green",
        "citations": [
            {
                "type": "char_location",
                "cited_text": "The grass is green.",
                "document_index": 0,
                "document_title": "Facts",
                "start_char_index": 0,
                "end_char_index": 20,
            }
        ],
    },
    {
        "type": "text",
        "text": " and the report agrees",
        "citations": [
            {
                "type": "page_location",
                "cited_text": "Grass: green.",
                "document_index": 1,
                "document_title": "Report",
                "start_page_number": 2,
                "end_page_number": 3,
            },
            {
                "type": "content_block_location",
                "cited_text": "Chlorophyll",
                "document_index": 2,
                "document_title": None,
                "start_block_index": 0,
                "end_block_index": 2,
            },
        ],
    },
]

WEB_SEARCH_ANSWER: list[dict[str, Any]] = [
    {"type": "text", "text": "Let me search for that."},
    {
        "type": "server_tool_use",
        "id": "srvtoolu_01",
        "name": "web_search",
        "input": {"query": "spring ai 2.0 release"},
    },
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_01",
        "content": [
            {
                "type": "web_search_result",
                "title": "Spring AI 2.0 released",
                "url": "https://spring.io/blog/spring-ai-2-0",
                "encrypted_content": "EqgfCioIARgBIiQ3",
                "page_age": "April 2, 2026",
            },
            {
                "type": "web_search_result",
                "title": "Spring AI reference",
                "url": "https://docs.spring.io/spring-ai/reference/",
                "encrypted_content": "EqgfCioIARgBIiQ4",
            },
        ],
    },
    {
        "type": "text",
        "text": "Spring AI 2.0 is out.",
        "citations": [
            {
                "type": "web_search_result_location",
                "url": "https://spring.io/blog/spring-ai-2-0",
                "title": "Spring AI 2.0 released",
                "encrypted_index": "Eo8BCioIAhgBIiQy",
                "cited_text": "Spring AI 2.0 is now generally available",
            }
        ],
    },
]


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


@pytest.fixture
def model(server: AnthropicTestServer) -> AnthropicChatModel:
    return AnthropicChatModel(
        options=AnthropicChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
    )


def _collect(stream: AsyncIterator[ChatResponse]) -> list[ChatResponse]:
    async def run() -> list[ChatResponse]:
        return [chunk async for chunk in stream]

    return asyncio.run(run())


def _documents(tmp_path: Path) -> list[AnthropicCitationDocument]:
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(b"%PDF-1.4 report")
    return [
        AnthropicCitationDocument.builder()
        .plain_text("The grass is green.")
        .title("Facts")
        .context("A short fact sheet")
        .citations_enabled(True)
        .build(),
        AnthropicCitationDocument.builder()
        .pdf_file(pdf)
        .title("Report")
        .citations_enabled(True)
        .build(),
        AnthropicCitationDocument.builder()
        .custom_content("Chlorophyll", "absorbs red light")
        .citations_enabled(True)
        .build(),
    ]


def test_citation_documents_are_sent_as_document_blocks_before_the_text(
    server: AnthropicTestServer, model: AnthropicChatModel, tmp_path: Path
) -> None:
    server.enqueue_content(CITED_ANSWER)
    options = AnthropicChatOptions(citation_documents=_documents(tmp_path))
    model.call(Prompt("What colour is the grass?", options))
    content = server.requests[0].body["messages"][0]["content"]
    assert content[0] == {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "The grass is green."},
        "citations": {"enabled": True},
        "title": "Facts",
        "context": "A short fact sheet",
    }
    assert content[1] == {
        "type": "document",
        "source": {
            "type": "base64",
            "media_type": "application/pdf",
            "data": base64.b64encode(b"%PDF-1.4 report").decode("ascii"),
        },
        "citations": {"enabled": True},
        "title": "Report",
    }
    assert content[2] == {
        "type": "document",
        "source": {
            "type": "content",
            "content": [
                {"type": "text", "text": "Chlorophyll"},
                {"type": "text", "text": "absorbs red light"},
            ],
        },
        "citations": {"enabled": True},
    }
    assert content[3] == {"type": "text", "text": "What colour is the grass?"}


def test_documents_go_with_every_user_message_as_in_spring(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    """Spring's createRequest prepends the documents to each user message of the prompt."""
    server.enqueue_text("ok")
    document = AnthropicCitationDocument.builder().plain_text("Doc").build()
    model.call(
        Prompt(
            [UserMessage("one"), AssistantMessage("reply"), UserMessage("two")],
            AnthropicChatOptions(citation_documents=[document]),
        )
    )
    messages = server.requests[0].body["messages"]
    assert [block["type"] for block in messages[0]["content"]] == ["document", "text"]
    assert messages[1] == {"role": "assistant", "content": "reply"}
    assert [block["type"] for block in messages[2]["content"]] == ["document", "text"]


def test_citations_are_in_the_response_metadata(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_content(CITED_ANSWER)
    response = model.call(Prompt("What colour is the grass?"))
    assert response.get_result().get_output().get_text() == (
        "According to the document, the grass is green and the report agrees"
    )
    metadata = response.get_metadata()
    citations: list[Citation] = metadata.get("citations")
    assert metadata.get("citationCount") == 3
    char, page, block = citations
    assert char == Citation.of_char_location("The grass is green.", 0, "Facts", 0, 20)
    assert char.get_location_description() == "Characters 0-20"
    assert page.get_type() is CitationLocationType.PAGE_LOCATION
    assert page.get_location_description() == "Page 2"
    assert block.get_location_description() == "Blocks 0-1"
    assert block.get_document_title() is None
    assert str(char) == (
        "Citation{type=CHAR_LOCATION, documentIndex=0, documentTitle='Facts', "
        "location='Characters 0-20', citedText='The grass is green.'}"
    )


def test_no_citation_entries_without_citations(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("Plain answer.")
    metadata = model.call(Prompt("Hi")).get_metadata()
    assert not metadata.contains_key("citations")
    assert not metadata.contains_key("citationCount")
    assert not metadata.contains_key("web-search-results")


def test_streamed_citations_arrive_as_citations_deltas(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_content(CITED_ANSWER)
    responses = _collect(model.stream(Prompt("What colour is the grass?")))
    text = "".join(r.get_result().get_output().get_text() or "" for r in responses[:-1])
    assert text == "According to the document, the grass is green and the report agrees"
    final = responses[-1].get_metadata()
    assert final.get("citationCount") == 3
    assert [c.get_type() for c in final.get("citations")] == [
        CitationLocationType.CHAR_LOCATION,
        CitationLocationType.PAGE_LOCATION,
        CitationLocationType.CONTENT_BLOCK_LOCATION,
    ]


def test_web_search_tool_is_sent_and_results_are_in_the_metadata(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_content(WEB_SEARCH_ANSWER)
    web_search = (
        AnthropicWebSearchTool.builder()
        .allowed_domains(["spring.io", "docs.spring.io"])
        .max_uses(3)
        .user_location("San Francisco", "US", "California", "America/Los_Angeles")
        .build()
    )
    response = model.call(
        Prompt(
            "What's new in Spring AI?",
            AnthropicChatOptions(web_search_tool=web_search, tool_choice="auto"),
        )
    )
    body = server.requests[0].body
    assert body["tools"] == [
        {
            "type": "web_search_20260209",
            "name": "web_search",
            "allowed_domains": ["spring.io", "docs.spring.io"],
            "max_uses": 3,
            "user_location": {
                "type": "approximate",
                "city": "San Francisco",
                "country": "US",
                "region": "California",
                "timezone": "America/Los_Angeles",
            },
        }
    ]
    # The tool choice applies to the server tool alone too, as in Spring.
    assert body["tool_choice"] == {"type": "auto"}
    metadata = response.get_metadata()
    assert metadata.get("web-search-results") == [
        AnthropicWebSearchResult(
            "Spring AI 2.0 released", "https://spring.io/blog/spring-ai-2-0", "April 2, 2026"
        ),
        AnthropicWebSearchResult(
            "Spring AI reference", "https://docs.spring.io/spring-ai/reference/"
        ),
    ]
    (citation,) = metadata.get("citations")
    assert citation.get_type() is CitationLocationType.WEB_SEARCH_RESULT_LOCATION
    assert citation.get_url() == "https://spring.io/blog/spring-ai-2-0"
    assert citation.get_location_description() == "https://spring.io/blog/spring-ai-2-0"
    assert citation.get_document_title() == "Spring AI 2.0 released"
    assert response.get_result().get_output().get_text() == (
        "Let me search for that.Spring AI 2.0 is out."
    )
    assert not response.get_result().get_output().has_tool_calls()


def test_streamed_web_search_results_are_in_the_final_metadata(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_content(WEB_SEARCH_ANSWER)
    responses = _collect(
        model.stream(
            Prompt("News?", AnthropicChatOptions(web_search_tool=AnthropicWebSearchTool()))
        )
    )
    final = responses[-1]
    results = final.get_metadata().get("web-search-results")
    assert [r.url for r in results] == [
        "https://spring.io/blog/spring-ai-2-0",
        "https://docs.spring.io/spring-ai/reference/",
    ]
    assert final.get_metadata().get("citationCount") == 1
    # The server tool's input_json_delta fragments are not a client tool call.
    assert not final.get_result().get_output().has_tool_calls()
    assert server.requests[0].body["tools"] == [
        {"type": "web_search_20260209", "name": "web_search"}
    ]


def test_service_tier_enum_is_sent_as_its_string(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", AnthropicChatOptions(service_tier=AnthropicServiceTier.STANDARD_ONLY)))
    assert server.requests[0].body["service_tier"] == "standard_only"


def test_citation_document_builder_validates_its_source() -> None:
    with pytest.raises(ValueError, match="Text content cannot be null or empty"):
        AnthropicCitationDocument.builder().plain_text("")
    with pytest.raises(ValueError, match="PDF bytes cannot be empty"):
        AnthropicCitationDocument.builder().pdf(b"")
    with pytest.raises(ValueError, match="Text blocks cannot be empty"):
        AnthropicCitationDocument.builder().custom_content()
    with pytest.raises(ValueError, match="Document type must be specified"):
        AnthropicCitationDocument.builder().title("t").build()
