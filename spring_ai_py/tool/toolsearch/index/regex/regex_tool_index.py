"""A tool index matching regular expressions built from the query."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from spring_ai_py.tool.toolsearch.index._support import (
    STOP_WORDS,
    InMemoryToolIndex,
    max_results_of,
    search_response,
)
from spring_ai_py.tool.toolsearch.records import (
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)

_MAX_PATTERN_LENGTH = 200
_DELIMITERS = re.compile(r"[\s,;:.!?()\[\]{}\"']+")
_SPECIAL = re.compile(r"([\\.*+?^${}\[\]|()])")


@dataclass(frozen=True)
class _ToolEntry:
    id: str
    tool_name: str
    tool_description: str


@dataclass
class _Session:
    tools: list[_ToolEntry] = field(default_factory=list)

    def size(self) -> int:
        return len(self.tools)


def _escape(token: str) -> str:
    return _SPECIAL.sub(r"\\\1", token)


def _distinct(tokens: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(tokens))


def _words_pattern(query: str | None) -> str:
    if query is None or not query.strip():
        return ".*"
    tokens = [t.strip() for t in _DELIMITERS.split(query.lower())]
    tokens = [t for t in tokens if t]
    kept = _distinct([_escape(t) for t in tokens if len(t) >= 2 and t not in STOP_WORDS])
    if not kept:
        kept = _distinct([_escape(t) for t in tokens])
    if not kept:
        return ".*"
    pattern = "(?i)(" + "|".join(kept) + ")"
    while len(pattern) > _MAX_PATTERN_LENGTH and len(kept) > 1:
        kept.pop()
        pattern = "(?i)(" + "|".join(kept) + ")"
    return pattern


def _match_score(pattern: re.Pattern[str], entry: _ToolEntry) -> float:
    score = 0.0
    name_hits = [m.start() for m in pattern.finditer(entry.tool_name)]
    if name_hits:
        score += 2.0 * len(name_hits) + 1.0 / (1.0 + min(name_hits) * 0.1)
    description_hits = [m.start() for m in pattern.finditer(entry.tool_description)]
    if description_hits:
        score += 1.0 * len(description_hits) + 0.5 / (1.0 + min(description_hits) * 0.1)
    return score


class RegexToolIndex(InMemoryToolIndex[_Session]):
    """Finds tools by turning the query into a case-insensitive alternation of its words
    and matching it against tool names and descriptions.

    The query is lower-cased and split at blanks and punctuation; one-letter words and
    common English stop words are dropped (unless nothing else is left), the rest are
    escaped and joined as ``(?i)(word1|word2|...)``, dropping trailing words to keep the
    pattern within 200 characters. Each name match counts 2, each description match 1,
    plus a bonus for an early first match; tools that match nothing are left out.

    Subclasses may override :meth:`convert_query_to_regex_pattern` (for example to take
    the query as a regular expression). A pattern that does not compile never fails the
    search: the query's words (with regular-expression characters taken as separators)
    are then matched literally, as the default conversion matches them.
    """

    def __init__(self) -> None:
        super().__init__()
        self._counter = itertools.count()

    def _new_session(self) -> _Session:
        return _Session()

    def index_tool(self, session_id: str, tool_reference: ToolReference) -> None:
        self.index_tools(session_id, [tool_reference])

    def index_tools(self, session_id: str, tool_references: Sequence[ToolReference]) -> None:
        entries = [
            _ToolEntry(str(next(self._counter)), ref.tool_name, ref.summary)
            for ref in tool_references
        ]
        with self._lock:
            session = self._session(session_id)
            # A new list, so a search iterating the old one is never disturbed.
            session.tools = [*session.tools, *entries]
        self._logger.debug("Added %d tools to session '%s'", len(entries), session_id)

    def search(self, tool_search_request: ToolSearchRequest) -> ToolSearchResponse:
        session = self._searchable(tool_search_request)
        if session is None:
            return ToolSearchResponse()
        query = tool_search_request.query
        pattern_text = self.convert_query_to_regex_pattern(query)
        self._logger.debug("Converted query '%s' to regex pattern '%s'", query, pattern_text)
        return self._do_search(session, query, pattern_text, max_results_of(tool_search_request))

    def convert_query_to_regex_pattern(self, query: str | None) -> str:
        """Turn a natural-language query into ``(?i)(word1|word2|...)`` (``.*`` for a
        blank query); see the class docstring for the rules."""
        return _words_pattern(query)

    def _do_search(
        self, session: _Session, query: str, pattern_text: str, max_results: int
    ) -> ToolSearchResponse:
        started = time.monotonic()
        try:
            pattern = re.compile(pattern_text)
        except re.error as error:
            literal = _words_pattern(_SPECIAL.sub(" ", query or ""))
            self._logger.warning(
                "Invalid regex pattern: '%s' (%s); matching the query's words literally: '%s'",
                pattern_text,
                error,
                literal,
            )
            pattern = re.compile(literal)
        matched = [
            (entry, score) for entry in session.tools if (score := _match_score(pattern, entry)) > 0
        ]
        matched.sort(key=lambda pair: pair[1], reverse=True)
        references = [
            ToolReference(entry.tool_name, score, entry.tool_description)
            for entry, score in matched[:max_results]
        ]
        return search_response(self, query, references, started)

    def is_valid_pattern(self, regex_pattern: str | None) -> bool:
        """Whether ``regex_pattern`` is a usable pattern: not blank, at most 200
        characters, and compilable."""
        if regex_pattern is None or not regex_pattern.strip():
            return False
        if len(regex_pattern) > _MAX_PATTERN_LENGTH:
            return False
        try:
            re.compile(regex_pattern)
        except re.error:
            return False
        return True
