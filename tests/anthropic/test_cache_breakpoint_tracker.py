"""CacheBreakpointTracker: at most four breakpoints, one warning past that (not a Spring test class)."""

from __future__ import annotations

import logging

import pytest

from spring_ai_py.anthropic import CacheBreakpointTracker


def test_counts_up_to_four_and_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    tracker = CacheBreakpointTracker()
    for expected in range(1, 5):
        assert tracker.can_use()
        tracker.use()
        assert tracker.get_count() == expected
    assert tracker.all_breakpoints_are_used()
    with caplog.at_level(logging.WARNING, logger="spring_ai_py.anthropic.cache"):
        tracker.use()
        tracker.use()
    assert tracker.get_count() == 4
    warnings = [r for r in caplog.records if "breakpoint limit (4) reached" in r.getMessage()]
    assert len(warnings) == 1
