"""``org.springframework.ai.chat.model``: the chat model contract and its responses."""

from spring_ai_py.chat.model.chat_model import ChatModel, StreamingChatModel
from spring_ai_py.chat.model.chat_response import ChatResponse, Generation
from spring_ai_py.chat.model.message_aggregator import MessageAggregator
from spring_ai_py.chat.model.tool_context import ToolContext

__all__ = [
    "ChatModel",
    "ChatResponse",
    "Generation",
    "MessageAggregator",
    "StreamingChatModel",
    "ToolContext",
]
