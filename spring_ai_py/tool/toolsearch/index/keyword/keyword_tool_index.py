"""A dependency-free keyword tool index (the port's stand-in for Spring's Lucene index)."""

from __future__ import annotations

import heapq
import math
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from spring_ai_py import _assert
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

# Han, Hiragana, Katakana, Hangul and the CJK compatibility ideographs: scripts written
# without spaces between words.
_CJK = "\u1100-\u11ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_RUN = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+")
_CJK_RUN = re.compile(rf"[{_CJK}]+")


def _split_identifier(run: str) -> list[str]:
    """Split at camelCase humps (``getHTTPData`` → get, HTTP, Data) and letter/digit
    boundaries (``ec2`` → ec, 2)."""
    parts: list[str] = []
    start = 0
    for i in range(1, len(run)):
        previous, current = run[i - 1], run[i]
        following = run[i + 1] if i + 1 < len(run) else ""
        if (
            (previous.islower() and current.isupper())
            or (previous.isupper() and current.isupper() and following.islower())
            or (previous.isdigit() != current.isdigit())
        ):
            parts.append(run[start:i])
            start = i
    parts.append(run[start:])
    return parts


def _fold(word: str) -> str:
    """Lower-case, and fold a regular English plural onto its singular, so that
    "forecasts" finds "forecast"."""
    word = word.casefold()
    if len(word) > 3 and word.isascii() and word.isalpha():
        if word.endswith("ies"):
            return word[:-3] + "y"
        if word.endswith("s") and not word.endswith(("ss", "us", "is")):
            return word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """The search terms of ``text``, in order.

    Words are split at anything that is not a letter or digit (so ``snake_case`` splits)
    and at camelCase humps; a compound identifier also yields itself as one term
    (``getWeather`` → get, weather, getweather). Runs of CJK characters yield their
    overlapping character bigrams (天气预报 → 天气, 气预, 预报; a lone character yields
    itself). Terms are case-folded, regular English plurals folded to the singular, and
    common English stop words dropped.
    """
    terms: list[str] = []
    for match in _RUN.finditer(text or ""):
        run = match.group()
        if _CJK_RUN.fullmatch(run):
            terms.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
            continue
        parts = _split_identifier(run)
        terms.extend(_fold(part) for part in parts)
        if len(parts) > 1:
            terms.append(_fold(run))
    return [term for term in terms if term not in STOP_WORDS]


@dataclass(frozen=True)
class _ToolEntry:
    tool_name: str
    tool_description: str
    name_terms: frozenset[str]
    description_terms: frozenset[str]


@dataclass
class _Session:
    entries: tuple[_ToolEntry, ...] = ()
    document_frequency: Counter[str] = field(default_factory=Counter)
    # term -> (entry position, field weight) for every entry holding the term, in order.
    postings: dict[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)

    def size(self) -> int:
        return len(self.entries)


class KeywordToolIndex(InMemoryToolIndex[_Session]):
    """Finds tools by the words their names and descriptions share with the query,
    weighted by how rare each word is among the session's tools.

    Stands in for Spring's Lucene index without any dependency. Names and descriptions
    are split into terms by :func:`tokenize` (``snake_case`` and camelCase split, CJK
    text as character bigrams, plurals folded, stop words dropped). A tool scores, for
    every distinct query term it contains, the term's inverse document frequency
    ``log(N / df)`` (``N`` tools in the session, ``df`` of them containing the term)
    times ``name_weight`` when the term is in its name plus ``description_weight`` when
    it is in its description. A word found in every tool therefore scores zero: words
    like "get" or "data" that every tool uses cannot pull in tools.

    Results are ranked by score; no relative cut-off is applied, because a missed tool
    costs the model a capability while an extra one costs a few tokens (recall over
    precision) — ``max_results`` bounds the exposure. When no query term tells the tools
    apart (every matched term is in every tool, as in a one-tool index), the tools that
    contain a query term are returned with score 0, names before descriptions, so a
    search never misses a tool that holds the words asked for. ``category_filter`` is
    not supported and is ignored.
    """

    def __init__(self, name_weight: float = 2.0, description_weight: float = 1.0) -> None:
        super().__init__()
        _assert.is_true(name_weight >= 0, "name_weight must not be negative")
        _assert.is_true(description_weight >= 0, "description_weight must not be negative")
        _assert.is_true(
            name_weight + description_weight > 0,
            "name_weight and description_weight cannot both be zero",
        )
        self._name_weight = float(name_weight)
        self._description_weight = float(description_weight)

    def _new_session(self) -> _Session:
        return _Session()

    def index_tool(self, session_id: str, tool_reference: ToolReference) -> None:
        self.index_tools(session_id, [tool_reference])

    def index_tools(self, session_id: str, tool_references: Sequence[ToolReference]) -> None:
        entries = tuple(
            _ToolEntry(
                ref.tool_name,
                ref.summary,
                frozenset(tokenize(ref.tool_name)),
                frozenset(tokenize(ref.summary)),
            )
            for ref in tool_references
        )
        with self._lock:
            session = self._session(session_id)
            frequency = Counter(session.document_frequency)
            added: dict[str, list[tuple[int, float]]] = {}
            for position, entry in enumerate(entries, len(session.entries)):
                terms = entry.name_terms | entry.description_terms
                frequency.update(terms)
                for term in terms:
                    in_name = term in entry.name_terms
                    in_description = term in entry.description_terms
                    field_weight = (
                        self._name_weight * in_name + self._description_weight * in_description
                    )
                    added.setdefault(term, []).append((position, field_weight))
            postings = dict(session.postings)
            for term, new_postings in added.items():
                postings[term] = postings.get(term, ()) + tuple(new_postings)
            # Replaced, not mutated, so a concurrent search sees a consistent snapshot.
            session.entries = session.entries + entries
            session.document_frequency = frequency
            session.postings = postings
        self._logger.debug("Added %d tools to session '%s'", len(entries), session_id)

    def search(self, tool_search_request: ToolSearchRequest) -> ToolSearchResponse:
        session = self._searchable(tool_search_request)
        if session is None:
            return ToolSearchResponse()
        started = time.monotonic()
        with self._lock:
            entries, frequency = session.entries, session.document_frequency
            postings = session.postings
        query = tool_search_request.query or ""
        terms = list(dict.fromkeys(tokenize(query)))
        total = len(entries)
        idf = {term: math.log(total / frequency[term]) for term in terms if frequency[term] > 0}

        # Only the tools holding a query term are visited; each adds up its terms in query
        # order, as a scan over every tool would.
        scores: dict[int, float] = {}
        overlaps: dict[int, float] = {}
        for term, weight in idf.items():
            for position, field_weight in postings.get(term, ()):
                scores[position] = scores.get(position, 0.0) + weight * field_weight
                overlaps[position] = overlaps.get(position, 0.0) + field_weight
        scored = [
            (scores[position], overlaps[position], entries[position])
            for position in sorted(scores)
            if overlaps[position] > 0
        ]
        if any(score > 0 for score, _, _ in scored):
            scored = [item for item in scored if item[0] > 0]
        # As a stable sort by (score, overlap), descending, then the first max_results.
        best = heapq.nlargest(
            max_results_of(tool_search_request), scored, key=lambda item: (item[0], item[1])
        )
        references = [
            ToolReference(entry.tool_name, score, entry.tool_description)
            for score, _, entry in best
        ]
        return search_response(self, query, references, started)
