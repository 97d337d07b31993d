"""``ToolCallingChatOptions``: chat options that carry tools."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert
from spring_ai_py.chat.prompt.chat_options import ChatOptions, ChatOptionsBuilder

if TYPE_CHECKING:
    from spring_ai_py.tool import ToolCallback


class ToolCallingChatOptionsBuilder(ChatOptionsBuilder):
    """A chat-options builder with Spring's tool setters.

    ``tool_callbacks(a, b)`` adds callbacks (a single list replaces them, as Spring's
    ``toolCallbacks(List)``; ``None`` is rejected); ``tool_context(mapping)`` merges entries and
    ``tool_context(key, value)`` adds one; ``tool_names(*names)`` sets the names.
    """

    __slots__ = ()

    def tool_callbacks(self, *tool_callbacks: ToolCallback | Sequence[ToolCallback] | None) -> Self:
        """The tools to send (callbacks, lists of them, or decorated functions)."""
        if len(tool_callbacks) == 1 and tool_callbacks[0] is None:
            raise ValueError("tool_callbacks cannot be null")
        if len(tool_callbacks) == 1 and isinstance(tool_callbacks[0], list | tuple):
            self._values["tool_callbacks"] = list(tool_callbacks[0])
            return self
        _assert.no_null_elements(tool_callbacks, "tool_callbacks cannot contain null elements")
        existing = self._values.get("tool_callbacks") or []
        self._values["tool_callbacks"] = [*existing, *tool_callbacks]
        return self

    def tool_names(self, *tool_names: str | Iterable[str] | None) -> Self:
        """Names of tools to resolve through the tool callback resolver."""
        if len(tool_names) == 1 and (
            tool_names[0] is None or isinstance(tool_names[0], list | tuple | set)
        ):
            value = tool_names[0]
            self._values["tool_names"] = list(value) if value is not None else None
            return self
        _assert.no_null_elements(tool_names, "tool_names cannot contain null elements")
        self._values["tool_names"] = list(tool_names)
        return self

    def tool_context(self, context: Mapping[str, object] | str | None, value: object = None) -> Self:
        """Add tool context: a mapping, or one ``key`` and ``value``."""
        if isinstance(context, str):
            _assert.has_text(context, "key cannot be null")
            _assert.not_none(value, "value cannot be null")
            merged = dict(self._values.get("tool_context") or {})
            merged[context] = value
            self._values["tool_context"] = merged
        elif context is None:
            self._values["tool_context"] = None
        else:
            merged = dict(self._values.get("tool_context") or {})
            merged.update(context)
            self._values["tool_context"] = merged
        return self

    def internal_tool_execution_enabled(self, internal_tool_execution_enabled: bool | None) -> Self:
        """Deprecated: Spring AI 2.0.1 removed it (the ``ToolCallingAdvisor`` runs the
        tools). Still sets the field, and warns."""
        warnings.warn(
            "internal_tool_execution_enabled() is deprecated (removed in Spring AI 2.0.1): "
            "the ToolCallingAdvisor runs the tools; disable its auto-registration with "
            "AdvisorParams.tool_calling_advisor_auto_register(False) instead",
            DeprecationWarning,
            stacklevel=2,
        )
        self._values["internal_tool_execution_enabled"] = internal_tool_execution_enabled
        return self

    def clone(self) -> ToolCallingChatOptionsBuilder:
        """An independent copy of this builder."""
        values = {
            k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in self._values.items()
        }
        return ToolCallingChatOptionsBuilder(self._cls, values)


@dataclass(frozen=True, kw_only=True)
class ToolCallingChatOptions(ChatOptions):
    """Chat options with the tools of a request.

    ``tool_callbacks``: the tools the model may call; ``tool_names``: tools resolved by
    name through the ``ToolCallingManager``'s resolver; ``tool_context``: entries given
    to the tools (never sent to the model); ``internal_tool_execution_enabled``: kept
    for models that run tools themselves (in 2.0.1 the ``ToolCallingAdvisor`` runs
    them). Provider options that support tools subclass this class.
    """

    tool_callbacks: list[ToolCallback] | None = None
    tool_names: list[str] | None = None
    tool_context: dict[str, Any] | None = None
    internal_tool_execution_enabled: bool | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.tool_callbacks is not None:
            callbacks = list(self.tool_callbacks)
            _assert.no_null_elements(callbacks, "tool_callbacks cannot contain null elements")
            object.__setattr__(self, "tool_callbacks", callbacks)
        if self.tool_names is not None:
            names = list(dict.fromkeys(self.tool_names))
            _assert.no_null_elements(names, "tool_names cannot contain null elements")
            object.__setattr__(self, "tool_names", names)
        if self.tool_context is not None:
            object.__setattr__(self, "tool_context", dict(self.tool_context))

    @classmethod
    def _combine_field(cls, name: str, mine: Any, theirs: Any) -> Any:
        if name == "tool_names" and mine is not None:
            return list(dict.fromkeys([*mine, *theirs]))
        return super()._combine_field(name, mine, theirs)

    def get_tool_callbacks(self) -> list[ToolCallback] | None:
        """A copy of the tools (changing it does not change these options)."""
        return list(self.tool_callbacks) if self.tool_callbacks is not None else None

    def get_tool_names(self) -> list[str] | None:
        """A copy of the tool names."""
        return list(self.tool_names) if self.tool_names is not None else None

    def get_tool_context(self) -> dict[str, Any] | None:
        """A copy of the tool context."""
        return dict(self.tool_context) if self.tool_context is not None else None

    def get_internal_tool_execution_enabled(self) -> bool | None:
        return self.internal_tool_execution_enabled

    # -- Spring's static helpers ---------------------------------------------------

    @staticmethod
    def merge_tool_callbacks(
        runtime_tool_callbacks: Sequence[ToolCallback] | None,
        default_tool_callbacks: Sequence[ToolCallback] | None,
    ) -> list[ToolCallback] | None:
        """The runtime callbacks if there are any, else the defaults."""
        if not runtime_tool_callbacks:
            return list(default_tool_callbacks) if default_tool_callbacks is not None else None
        return list(runtime_tool_callbacks)

    @staticmethod
    def merge_tool_names(
        runtime_tool_names: Sequence[str] | None, default_tool_names: Sequence[str] | None
    ) -> list[str] | None:
        """The runtime names if there are any, else the defaults."""
        if not runtime_tool_names:
            return list(default_tool_names) if default_tool_names is not None else None
        return list(runtime_tool_names)

    @staticmethod
    def merge_tool_context(
        runtime_tool_context: Mapping[str, object] | None,
        default_tool_context: Mapping[str, object] | None,
    ) -> dict[str, Any] | None:
        """The default context overridden by the runtime one."""
        if not runtime_tool_context:
            return dict(default_tool_context) if default_tool_context is not None else None
        if None in runtime_tool_context:
            raise ValueError("runtime_tool_context keys cannot be null")
        if not default_tool_context:
            return dict(runtime_tool_context)
        if None in default_tool_context:
            raise ValueError("default_tool_context keys cannot be null")
        return {**default_tool_context, **runtime_tool_context}

    @staticmethod
    def validate_tool_callbacks(tool_callbacks: Sequence[ToolCallback] | None) -> None:
        """Raise ``RuntimeError`` when two callbacks share a tool name."""
        if not tool_callbacks:
            return
        from spring_ai_py.tool.support import ToolUtils

        duplicates = ToolUtils.get_duplicate_tool_names(list(tool_callbacks))
        if duplicates:
            raise RuntimeError(
                f"Multiple tools with the same name ({', '.join(duplicates)}) found in ToolCallingChatOptions"
            )

    # --- generated builder (base: ToolCallingChatOptionsBuilder) ---
    class Builder(ToolCallingChatOptionsBuilder, ChatOptions.Builder):
        """The builder of :class:`ToolCallingChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolCallingChatOptions: ...

    @classmethod
    def builder(cls) -> ToolCallingChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolCallingChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


DefaultToolCallingChatOptions = ToolCallingChatOptions
"""Spring's ``DefaultToolCallingChatOptions`` is this class."""
