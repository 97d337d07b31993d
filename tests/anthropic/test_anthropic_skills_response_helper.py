"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicSkillsResponseHelperTests`: 17 tests ported, 0 skipped.

Spring mocks the SDK's ``ContentBlock`` and ``Message``; here the responses come from
the fake server as the API sends them after a skills request: ``container_upload``
and ``bash_code_execution_tool_result`` blocks and the message's ``container``
(Anthropic's Agent Skills and code execution tool references). Spring's ``IOException``
is Python's ``OSError``. One extra test downloads the files through the fake Files API.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import pytest

from spring_ai_py.anthropic import (
    AnthropicChatModel,
    AnthropicChatOptions,
    AnthropicSkillsResponseHelper,
)
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatResponseMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.anthropic_server import AnthropicTestServer

Helper = AnthropicSkillsResponseHelper


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


def _respond(
    server: AnthropicTestServer, content: list[dict[str, Any]], **kwargs: Any
) -> ChatResponse:
    server.enqueue_content(content, **kwargs)
    model = AnthropicChatModel(
        options=AnthropicChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
    )
    return model.call(
        Prompt("Create an Excel file", AnthropicChatOptions.builder().skill("xlsx").build())
    )


def _with_metadata(value: object) -> ChatResponse:
    return ChatResponse(
        [Generation(AssistantMessage("x"))],
        ChatResponseMetadata(metadata={"anthropic-response": value}),
    )


def test_extract_file_ids_returns_empty_for_null_response() -> None:
    assert Helper.extract_file_ids(None) == []


def test_extract_file_ids_returns_empty_for_null_metadata() -> None:
    """The port's ChatResponse always has metadata: an empty one stands for null."""
    assert Helper.extract_file_ids(ChatResponse([])) == []


def test_extract_file_ids_returns_empty_for_non_message_metadata() -> None:
    assert Helper.extract_file_ids(_with_metadata("not a message")) == []


def test_extract_file_ids_finds_container_upload_blocks(server: AnthropicTestServer) -> None:
    response = _respond(
        server,
        [
            {"type": "text", "text": "Here are your files."},
            {"type": "container_upload", "file_id": "file-abc-123"},
            {"type": "container_upload", "file_id": "file-def-456"},
            {
                "type": "bash_code_execution_tool_result",
                "tool_use_id": "srvtoolu_1",
                "content": {
                    "type": "bash_code_execution_result",
                    "stdout": "",
                    "stderr": "",
                    "return_code": 0,
                    "content": [{"type": "bash_code_execution_output", "file_id": "file-ghi-789"}],
                },
            },
        ],
    )
    assert Helper.extract_file_ids(response) == ["file-abc-123", "file-def-456", "file-ghi-789"]


def test_extract_file_ids_skips_non_container_upload_blocks(server: AnthropicTestServer) -> None:
    response = _respond(server, [{"type": "text", "text": "No files."}])
    assert Helper.extract_file_ids(response) == []


def test_extract_container_id_returns_null_for_null_response() -> None:
    assert Helper.extract_container_id(None) is None


def test_extract_container_id_returns_id_when_present(server: AnthropicTestServer) -> None:
    response = _respond(
        server,
        [{"type": "text", "text": "Done."}],
        container={"id": "cntr-abc-123", "expires_at": "2026-12-01T12:00:00Z"},
    )
    assert Helper.extract_container_id(response) == "cntr-abc-123"


def test_extract_container_id_returns_null_when_no_container(server: AnthropicTestServer) -> None:
    response = _respond(server, [{"type": "text", "text": "Done."}])
    assert Helper.extract_container_id(response) is None


def test_resolve_safe_child_path_accepts_simple_name(tmp_path: Path) -> None:
    resolved = Helper.resolve_safe_child_path(tmp_path, "report.csv", "file-1")
    assert resolved == Path(os.path.normpath(tmp_path.absolute())) / "report.csv"


def test_resolve_safe_child_path_rejects_null(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="null or blank"):
        Helper.resolve_safe_child_path(tmp_path, None, "file-1")


def test_resolve_safe_child_path_rejects_blank(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="null or blank"):
        Helper.resolve_safe_child_path(tmp_path, "   ", "file-1")


def test_resolve_safe_child_path_rejects_absolute_path(tmp_path: Path) -> None:
    absolute = str(Path(tmp_path.anchor) / "etc" / "foobar")
    with pytest.raises(OSError, match="absolute"):
        Helper.resolve_safe_child_path(tmp_path, absolute, "file-1")


def test_resolve_safe_child_path_rejects_parent_traversal(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="single path segment"):
        Helper.resolve_safe_child_path(tmp_path, "../foobar", "file-1")


def test_resolve_safe_child_path_rejects_subdirectory_segments(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="single path segment"):
        Helper.resolve_safe_child_path(tmp_path, "sub/file.txt", "file-1")


def test_resolve_safe_child_path_rejects_dot_segment(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Helper.resolve_safe_child_path(tmp_path, ".", "file-1")


def test_resolve_safe_child_path_rejects_double_dot_segment(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        Helper.resolve_safe_child_path(tmp_path, "..", "file-1")


def test_resolve_safe_child_path_rejects_nul_byte(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="Invalid filename"):
        Helper.resolve_safe_child_path(tmp_path, "bad\0name", "file-1")


def test_download_all_files_saves_each_file_under_its_name(
    server: AnthropicTestServer, tmp_path: Path
) -> None:
    """Not in Spring's unit tests: the Files API round trip against the fake server."""
    server.add_file("file-abc-123", "report.xlsx", b"PK\x03\x04sheet")
    response = _respond(server, [{"type": "container_upload", "file_id": "file-abc-123"}])
    client = anthropic.Anthropic(base_url=server.base_url, api_key="k", max_retries=0)
    saved = Helper.download_all_files(response, client, tmp_path)
    assert saved == [Path(os.path.normpath(tmp_path.absolute())) / "report.xlsx"]
    assert saved[0].read_bytes() == b"PK\x03\x04sheet"
    with pytest.raises(ValueError, match="Target path must be a directory"):
        Helper.download_all_files(response, client, tmp_path / "missing")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_download_refuses_to_write_through_a_symlink_in_the_target_directory(
    server: AnthropicTestServer, tmp_path: Path
) -> None:
    """Not in Spring: a link planted under the file's name must not redirect the write."""
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious")
    target = tmp_path / "downloads"
    target.mkdir()
    (target / "report.xlsx").symlink_to(outside)
    (target / "dangling.txt").symlink_to(tmp_path / "created-elsewhere.txt")
    server.add_file("file-1", "report.xlsx", b"attack")
    server.add_file("file-2", "dangling.txt", b"attack")
    client = anthropic.Anthropic(base_url=server.base_url, api_key="k", max_retries=0)
    for file_id in ("file-1", "file-2"):
        response = _respond(server, [{"type": "container_upload", "file_id": file_id}])
        with pytest.raises(
            OSError, match=f"Refusing to write file '{file_id}' through the symbolic link"
        ):
            Helper.download_all_files(response, client, target)
    assert outside.read_bytes() == b"precious"
    assert not (tmp_path / "created-elsewhere.txt").exists()
