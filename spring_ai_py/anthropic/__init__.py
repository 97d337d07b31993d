"""``org.springframework.ai.anthropic``: the chat model on the official ``anthropic`` SDK.

Importing this package does not import the SDK (it takes about a second); the model
imports it when it is first used.
"""

from spring_ai_py.anthropic.chat_model import AnthropicChatModel
from spring_ai_py.anthropic.chat_options import AnthropicChatOptions

__all__ = ["AnthropicChatModel", "AnthropicChatOptions"]
