"""Well-known advisor-context keys and ready-made advisor parameters."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spring_ai_py.chat.client.specs import AdvisorSpec


class ChatClientAttributes(enum.Enum):
    """Keys the ChatClient and its advisors use in the advisor context."""

    OUTPUT_FORMAT = "spring.ai.chat.client.output.format"
    STRUCTURED_OUTPUT_SCHEMA = "spring.ai.chat.client.structured.output.schema"
    STRUCTURED_OUTPUT_NATIVE = "spring.ai.chat.client.structured.output.native"
    TOOL_CALLING_ADVISOR_AUTO_REGISTER = "spring.ai.chat.client.tool.calling.advisor.auto-register"
    # Deprecated alias of TOOL_CALLING_ADVISOR_AUTO_REGISTER (same key, as in 2.0.1).
    TOOL_CALL_ADVISOR_AUTO_REGISTER = "spring.ai.chat.client.tool.calling.advisor.auto-register"

    def get_key(self) -> str:
        return self.value


class AdvisorParams:
    """Advisor-spec callables for common switches: ``.advisors(AdvisorParams.X)``."""

    @staticmethod
    def ENABLE_NATIVE_STRUCTURED_OUTPUT(spec: AdvisorSpec) -> Any:
        """Ask the model for provider-native structured output in ``entity()`` calls."""
        return spec.param(ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key(), True)

    @staticmethod
    def tool_calling_advisor_auto_register(enabled: bool) -> Callable[[AdvisorSpec], object]:
        """Turn the automatic ``ToolCallingAdvisor`` registration on or off for a request."""

        def apply(spec: AdvisorSpec) -> Any:
            return spec.param(ChatClientAttributes.TOOL_CALLING_ADVISOR_AUTO_REGISTER.get_key(), enabled)

        return apply

    tool_call_advisor_auto_register = tool_calling_advisor_auto_register
