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
from spring_ai_py.chat.client.events import (
    EVENT_LISTENER,
    REASONING_DELTA_METADATA_KEY,
    ApprovalRequested,
    ChatEvent,
    EventListener,
    Finished,
    ReasoningDelta,
    TextDelta,
    ToolCallFinished,
    ToolCallStarted,
    Usage,
)
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
    "EVENT_LISTENER",
    "REASONING_DELTA_METADATA_KEY",
    "AdvisorParams",
    "AdvisorSpec",
    "ApprovalRequested",
    "CallResponseSpec",
    "ChatClient",
    "ChatClientAttributes",
    "ChatClientBuilder",
    "ChatClientMessageAggregator",
    "ChatClientRequest",
    "ChatClientRequestSpec",
    "ChatClientResponse",
    "ChatEvent",
    "DefaultChatClient",
    "DefaultChatClientBuilder",
    "DefaultChatClientUtils",
    "EntityParamSpec",
    "EventListener",
    "Finished",
    "PromptSystemSpec",
    "PromptUserSpec",
    "ReasoningDelta",
    "ResponseEntity",
    "StreamResponseSpec",
    "TextDelta",
    "ToolCallFinished",
    "ToolCallStarted",
    "Usage",
]
