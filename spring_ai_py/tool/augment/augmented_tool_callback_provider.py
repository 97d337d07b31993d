"""``AugmentedToolCallbackProvider``: every tool of a provider (or object) augmented."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.tool.augment.augmented_tool_callback import (
    AugmentedArgumentConsumer,
    AugmentedToolCallback,
)
from spring_ai_py.tool.tool_callback import ToolCallback, ToolCallbackProvider

T = TypeVar("T")


class _AugmentedToolCallbackProviderBuilder(_builder.Builder["AugmentedToolCallbackProvider[Any]"]):
    """``builder().delegate(p).argument_type(R).argument_consumer(fn).build()``
    (or ``.tool_object(obj)`` instead of ``.delegate``)."""

    __slots__ = ()

    def delegate(self, delegate: ToolCallbackProvider, /) -> Self:
        self._values["delegate"] = delegate
        return self

    def tool_object(self, tool_object: object, /) -> Self:
        self._values["tool_object"] = tool_object
        return self

    def build(self) -> AugmentedToolCallbackProvider[Any]:
        values = self._values
        if values.get("argument_type") is None:
            raise RuntimeError("argument_type is required")
        if values.get("argument_consumer") is None:
            raise RuntimeError("argument_consumer is required")
        delegate, tool_object = values.get("delegate"), values.get("tool_object")
        if delegate is not None and tool_object is not None:
            raise RuntimeError("Cannot set both delegate and tool_object")
        if delegate is None and tool_object is None:
            raise RuntimeError("Either delegate or tool_object must be set")
        return AugmentedToolCallbackProvider(
            delegate if delegate is not None else tool_object,
            values["argument_type"],
            values["argument_consumer"],
            values.get("remove_extra_arguments_after_processing", True),
        )


class AugmentedToolCallbackProvider(ToolCallbackProvider, Buildable, Generic[T]):
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
    def builder() -> AugmentedToolCallbackProvider.Builder:
        """A builder (delegate provider, argument type, argument consumer)."""
        return AugmentedToolCallbackProvider.Builder(AugmentedToolCallbackProvider)

    def get_tool_callbacks(self) -> list[ToolCallback]:
        return [
            AugmentedToolCallback(
                callback, self._argument_type, self._argument_consumer, self._remove
            )
            for callback in self._delegate.get_tool_callbacks()
        ]

    # --- generated builder (base: _AugmentedToolCallbackProviderBuilder) (own builder()) ---
    class Builder(_AugmentedToolCallbackProviderBuilder):
        """The builder of :class:`AugmentedToolCallbackProvider`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def argument_type(self, argument_type: type[T], /) -> Self:
            return self._set("argument_type", (argument_type,))

        def argument_consumer(self, argument_consumer: AugmentedArgumentConsumer[T], /) -> Self:
            return self._set("argument_consumer", (argument_consumer,))

        def remove_extra_arguments_after_processing(self, remove_extra_arguments_after_processing: bool, /) -> Self:
            return self._set("remove_extra_arguments_after_processing", (remove_extra_arguments_after_processing,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AugmentedToolCallbackProvider: ...
    # --- end of generated builder ---
