"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorStoreAutoTruncationIT`: 0 tests
ported, 2 skipped. Both tests are about Google Vertex AI's text embedding model, which
truncates over-long input on the server, combined with a TokenCountBatchingStrategy
whose limit is raised to 132,900 tokens; the port has no Vertex AI provider, and the
token-count batching strategy has its own tests (TokenCountBatchingStrategyTests)."""

from __future__ import annotations

import pytest

REASON = (
    "needs Google Vertex AI's auto-truncating embedding model, which the port does not "
    "provide; token-count batching is tested by TokenCountBatchingStrategyTests"
)


@pytest.mark.skip(reason=REASON)
def test_auto_truncation_with_large_document() -> None:
    """A 25,000-token document is embedded by Vertex AI's auto-truncation."""


@pytest.mark.skip(reason=REASON)
def test_exceeding_artificial_limit() -> None:
    """The raised batching limit still rejects a 150,000-token document."""
