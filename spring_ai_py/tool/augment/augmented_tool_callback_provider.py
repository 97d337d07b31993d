"""``AugmentedToolCallbackProvider``: every tool of a provider (or object) augmented."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from spring_ai_py.tool.augment.augmented_tool_callback import (
    AugmentedArgumentConsumer,
    AugmentedToolCallback,
)
from spring_ai_py.tool.tool_callback import ToolCallback, ToolCallbackProvider

T = TypeVar("T")
A = TypeVar("A")


class AugmentedToolCallbackProvider(ToolCallbackProvider, Generic[T]):
    """Wraps each tool of ``delegate`` in an :class:`AugmentedToolCallback`.

    ``delegate`` is a ``ToolCallbackProvider``, or any object with ``tool``-decorated
    methods (Spring's ``toolObject`` constructor). ``remove_extra_arguments_after_processing``
    defaults to ``True`` here and in the builder, as Spring's builder does.
    """

    def __init__(
        self,
        delegate: ToolCallbackProvider | Any,
        argument_type: type[T],
        argument_consumer: AugmentedArgumentConsumer[T],
        remove_extra_arguments_after_processing: bool = True,
    ) -> None:
        if not isinstance(delegate, ToolCallbackProvider):
            from spring_ai_py.tool.method import MethodToolCallbackProvider

            delegate = MethodToolCallbackProvider.builder().tool_objects(delegate).build()
        self._delegate: ToolCallbackProvider = delegate
        self._argument_type = argument_type
        self._argument_consumer = argument_consumer
        self._remove = remove_extra_arguments_after_processing

    @staticmethod
    def builder() -> AugmentedToolCallbackProvider.Builder[Any]:
        """A builder (delegate provider, argument type, argument consumer)."""
        return AugmentedToolCallbackProvider.Builder()

    def get_tool_callbacks(self) -> list[ToolCallback]:
        return [
            AugmentedToolCallback(
                callback, self._argument_type, self._argument_consumer, self._remove
            )
            for callback in self._delegate.get_tool_callbacks()
        ]

    class Builder(Generic[A]):
        """``builder().delegate(p).argument_type(R).argument_consumer(fn).build()``
        (or ``.tool_object(obj)`` instead of ``.delegate``)."""

        def __init__(self) -> None:
            self._delegate: ToolCallbackProvider | None = None
            self._tool_object: Any = None
            self._argument_type: type[A] | None = None
            self._argument_consumer: AugmentedArgumentConsumer[A] | None = None
            self._remove = True

        def delegate(
            self, delegate: ToolCallbackProvider
        ) -> AugmentedToolCallbackProvider.Builder[A]:
            self._delegate = delegate
            return self

        def tool_object(self, tool_object: Any) -> AugmentedToolCallbackProvider.Builder[A]:
            self._tool_object = tool_object
            return self

        def argument_type(self, argument_type: type[A]) -> AugmentedToolCallbackProvider.Builder[A]:
            self._argument_type = argument_type
            return self

        def argument_consumer(
            self, argument_consumer: AugmentedArgumentConsumer[A]
        ) -> AugmentedToolCallbackProvider.Builder[A]:
            self._argument_consumer = argument_consumer
            return self

        def remove_extra_arguments_after_processing(
            self, remove: bool
        ) -> AugmentedToolCallbackProvider.Builder[A]:
            self._remove = remove
            return self

        def build(self) -> AugmentedToolCallbackProvider[A]:
            if self._argument_type is None:
                raise RuntimeError("argument_type is required")
            if self._argument_consumer is None:
                raise RuntimeError("argument_consumer is required")
            if self._delegate is not None and self._tool_object is not None:
                raise RuntimeError("Cannot set both delegate and tool_object")
            if self._delegate is None and self._tool_object is None:
                raise RuntimeError("Either delegate or tool_object must be set")
            source = self._delegate if self._delegate is not None else self._tool_object
            return AugmentedToolCallbackProvider(
                source, self._argument_type, self._argument_consumer, self._remove
            )
