"""``org.springframework.ai.tool.augment``: extra arguments added to a tool's input schema.

Wrap a tool in :class:`AugmentedToolCallback` (or every tool of a provider in
:class:`AugmentedToolCallbackProvider`) to ask the model for more than the tool needs,
such as its reasoning or confidence: the fields of a dataclass or pydantic model are
added to the input schema, handed to a consumer on each call, and optionally removed
before the tool runs.
"""

from spring_ai_py.tool.augment.augmented_tool_callback import (
    AugmentedArgumentConsumer,
    AugmentedArgumentEvent,
    AugmentedToolCallback,
)
from spring_ai_py.tool.augment.augmented_tool_callback_provider import (
    AugmentedToolCallbackProvider,
)
from spring_ai_py.tool.augment.tool_input_schema_augmenter import (
    AugmentedArgumentType,
    ToolInputSchemaAugmenter,
)

__all__ = [
    "AugmentedArgumentConsumer",
    "AugmentedArgumentEvent",
    "AugmentedArgumentType",
    "AugmentedToolCallback",
    "AugmentedToolCallbackProvider",
    "ToolInputSchemaAugmenter",
]
