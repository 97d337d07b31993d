"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.api.OllamaDurationFieldsTests`: 1 test ported, 0 skipped.

Ollama's nanosecond durations become ``timedelta`` values of the response metadata;
Python's ``timedelta`` keeps microseconds, so the port checks them to the microsecond
where Spring's ``Duration.toNanos()`` checks the nanosecond.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from spring_ai_py.ollama.chat_model import response_metadata


def test_duration_fields() -> None:
    value = json.loads(
        """
        {
            "model": "llama3.2",
            "created_at": "2023-08-04T19:22:45.499127Z",
            "response": "",
            "done": true,
            "total_duration": 10706818083,
            "load_duration": 6338219291,
            "prompt_eval_count": 26,
            "prompt_eval_duration": 130079000,
            "eval_count": 259,
            "eval_duration": 4232710000
        }
        """
    )
    metadata = response_metadata(value, None)
    assert metadata.get("total-duration") == timedelta(microseconds=10706818)
    assert metadata.get("load-duration") == timedelta(microseconds=6338219)
    assert metadata.get("eval-duration") == timedelta(microseconds=4232710)
    assert metadata.get("prompt-eval-duration") == timedelta(microseconds=130079)
    assert metadata.get("created-at") == datetime(2023, 8, 4, 19, 22, 45, 499127, tzinfo=UTC)
