"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.observation.VectorStoreQueryResponseObservationHandlerTests`:
0 tests ported, 4 skipped (a Micrometer ObservationHandler that logs query responses;
the port reports through OpenTelemetry spans and has no handler classes)."""

from __future__ import annotations

import pytest

REASON = "Java-only: Micrometer ObservationHandler class; the port's observations are OpenTelemetry spans"


@pytest.mark.skip(reason=REASON)
def test_when_not_supported_observation_context_then_return_false() -> None:
    """Micrometer ``supportsContext``."""


@pytest.mark.skip(reason=REASON)
def test_when_supported_observation_context_then_return_true() -> None:
    """Micrometer ``supportsContext``."""


@pytest.mark.skip(reason=REASON)
def test_when_empty_query_response_then_output_nothing() -> None:
    """The handler's log line on ``onStop``."""


@pytest.mark.skip(reason=REASON)
def test_when_non_empty_query_response_then_output_it() -> None:
    """The handler's log line on ``onStop``."""
