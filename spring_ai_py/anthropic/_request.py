"""The parts of an Anthropic request that Spring's ``createRequest`` adds around the
plain messages: cache breakpoints, citation documents, the web search tool and skills.

``AnthropicChatModel.create_request`` converts the messages and tools as usual and then
hands the pieces to :func:`apply_cache_and_documents` (in Spring's order: system
prompt, then the messages, then the last tool) and :func:`apply_skills`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spring_ai_py.anthropic.cache import CacheEligibilityResolver
from spring_ai_py.anthropic.skills import (
    BETA_CODE_EXECUTION,
    BETA_FILES_API,
    BETA_SKILLS,
    CODE_EXECUTION_TOOL,
)
from spring_ai_py.chat.messages import Message, MessageType, ToolResponseMessage

if TYPE_CHECKING:
    from spring_ai_py.anthropic.chat_options import AnthropicChatOptions


def apply_cache_and_documents(
    params: dict[str, Any],
    system_texts: Sequence[str],
    converted: Sequence[tuple[Message, dict[str, Any] | None]],
    tools: list[dict[str, Any]],
    options: AnthropicChatOptions,
) -> None:
    """Place the ``cache_control`` breakpoints and the citation documents, in place.

    ``converted`` pairs every non-system message with its wire form (``None`` when it
    sends nothing); ``tools`` are the user's tools, to which the web search tool is
    appended after the cache breakpoint went on the last of them.
    """
    cache_options = options.get_cache_options()
    resolver = CacheEligibilityResolver.from_options(cache_options)
    caching = resolver.is_caching_enabled()

    if system_texts and caching:
        joined = "\n\n".join(system_texts)
        if cache_options.multi_block_system_caching and len(system_texts) > 1:
            blocks: list[dict[str, Any]] = []
            for index, text in enumerate(system_texts):
                block: dict[str, Any] = {"type": "text", "text": text}
                if index == len(system_texts) - 2:
                    control = resolver.resolve(MessageType.SYSTEM, joined)
                    if control is not None:
                        block["cache_control"] = control
                        resolver.use_cache_block()
                blocks.append(block)
            params["system"] = blocks
        else:
            control = resolver.resolve(MessageType.SYSTEM, joined)
            if control is not None:
                params["system"] = [{"type": "text", "text": joined, "cache_control": control}]
                resolver.use_cache_block()

    messages = [message for message, _ in converted]
    last_user = _last_index(messages, MessageType.USER) if caching else -1
    last_tool = (
        _last_index(messages, MessageType.TOOL)
        if caching and cache_options.cache_tool_results
        else -1
    )
    documents = [doc.to_document_block_param() for doc in options.citation_documents or ()]

    for index, (message, wire) in enumerate(converted):
        if wire is None:
            continue
        message_type = message.get_message_type()
        if message_type is MessageType.USER:
            control = None
            if index == last_user:
                combined = "".join(m.get_text() or "" for m in messages[: last_user + 1])
                control = resolver.resolve(MessageType.USER, combined)
            if documents or control is not None:
                content = _blocks(wire["content"])
                if control is not None:
                    for block in content:
                        if block.get("type") == "text":
                            block["cache_control"] = control
                            resolver.use_cache_block()
                            break
                wire["content"] = [*(dict(doc) for doc in documents), *content]
        elif message_type is MessageType.TOOL and index == last_tool:
            assert isinstance(message, ToolResponseMessage)
            combined = "".join(r.response_data or "" for r in message.get_responses())
            control = resolver.resolve(MessageType.TOOL, combined)
            if control is not None and wire["content"]:
                wire["content"][-1]["cache_control"] = control
                resolver.use_cache_block()

    if tools:
        control = resolver.resolve_tool_cache_control()
        if control is not None:
            tools[-1]["cache_control"] = control
            resolver.use_cache_block()
    if options.web_search_tool is not None:
        tools.append(options.web_search_tool.to_tool_param())


def apply_skills(
    params: dict[str, Any],
    extras: dict[str, Any],
    options: AnthropicChatOptions,
    tool_names: Sequence[str],
) -> None:
    """Send the skill container, the code execution tool and the skills' beta flags."""
    container = options.skill_container
    if container is None:
        return
    extras["extra_body"] = {
        **extras.get("extra_body", {}),
        "container": {"skills": container.to_skills_list()},
    }
    if not any("code_execution" in name for name in tool_names):
        params["tools"] = [*params.get("tools", []), dict(CODE_EXECUTION_TOOL)]
    headers = dict(extras.get("extra_headers") or {})
    existing = headers.get("anthropic-beta")
    if existing is not None:
        merged = existing
        for flag in (BETA_SKILLS, BETA_CODE_EXECUTION, BETA_FILES_API):
            if flag not in existing:
                merged += "," + flag
        headers["anthropic-beta"] = merged
    else:
        headers["anthropic-beta"] = f"{BETA_SKILLS},{BETA_CODE_EXECUTION},{BETA_FILES_API}"
    extras["extra_headers"] = headers


def _last_index(messages: Sequence[Message], message_type: MessageType) -> int:
    for index in range(len(messages) - 1, -1, -1):
        if messages[index].get_message_type() is message_type:
            return index
    return -1


def _blocks(content: str | list[dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return list(content)
