"""``org.springframework.ai.chat.client``: the ChatClient API."""

from spring_ai_py.chat.client.attributes import AdvisorParams, ChatClientAttributes
from spring_ai_py.chat.client.chat_client import (
    ChatClient,
    ChatClientBuilder,
    ChatClientRequestSpec,
    DefaultChatClient,
    DefaultChatClientBuilder,
)
from spring_ai_py.chat.client.default_chat_client_utils import DefaultChatClientUtils
from spring_ai_py.chat.client.message_aggregator import ChatClientMessageAggregator
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse, ResponseEntity
from spring_ai_py.chat.client.response_specs import CallResponseSpec, StreamResponseSpec
from spring_ai_py.chat.client.specs import (
    AdvisorSpec,
    EntityParamSpec,
    PromptSystemSpec,
    PromptUserSpec,
)

__all__ = [
    "AdvisorParams",
    "AdvisorSpec",
    "CallResponseSpec",
    "ChatClient",
    "ChatClientAttributes",
    "ChatClientBuilder",
    "ChatClientMessageAggregator",
    "ChatClientRequest",
    "ChatClientRequestSpec",
    "ChatClientResponse",
    "DefaultChatClient",
    "DefaultChatClientBuilder",
    "DefaultChatClientUtils",
    "EntityParamSpec",
    "PromptSystemSpec",
    "PromptUserSpec",
    "ResponseEntity",
    "StreamResponseSpec",
]
