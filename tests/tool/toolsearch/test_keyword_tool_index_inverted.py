"""``KeywordToolIndex`` searches through an inverted index: the results (names, scores
to the bit, order) are those of a scan scoring every tool (issue 18)."""

from __future__ import annotations

import math
import random

from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest
from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex
from spring_ai_py.tool.toolsearch.index.keyword.keyword_tool_index import tokenize

WORDS = [
    "weather",
    "forecast",
    "city",
    "stock",
    "price",
    "quote",
    "email",
    "send",
    "calendar",
    "event",
    "user",
    "file",
    "read",
]


def scan(
    tools: list[ToolReference], query: str, name_weight: float, description_weight: float
) -> list[tuple[str, float]]:
    """Score every tool, as the index did before it had postings."""
    entries = [(t, set(tokenize(t.tool_name)), set(tokenize(t.summary))) for t in tools]
    frequency: dict[str, int] = {}
    for _, name_terms, description_terms in entries:
        for term in name_terms | description_terms:
            frequency[term] = frequency.get(term, 0) + 1
    terms = list(dict.fromkeys(tokenize(query)))
    idf = {t: math.log(len(entries) / frequency[t]) for t in terms if frequency.get(t, 0) > 0}
    scored = []
    for tool, name_terms, description_terms in entries:
        score = overlap = 0.0
        for term, weight in idf.items():
            in_name, in_description = term in name_terms, term in description_terms
            if in_name or in_description:
                field_weight = name_weight * in_name + description_weight * in_description
                score += weight * field_weight
                overlap += field_weight
        if overlap > 0:
            scored.append((score, overlap, tool.tool_name))
    if any(score > 0 for score, _, _ in scored):
        scored = [item for item in scored if item[0] > 0]
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [(name, score) for score, _, name in scored[:10]]


def test_results_match_a_full_scan() -> None:
    rng = random.Random(3)
    for name_weight, description_weight in ((2.0, 1.0), (0.0, 1.0), (1.5, 0.25)):
        index = KeywordToolIndex(name_weight, description_weight)
        tools: list[ToolReference] = []
        for batch in range(4):
            added = [
                ToolReference(
                    f"{rng.choice(WORDS)}_{rng.choice(WORDS)}{batch}_{i}",
                    None,
                    " ".join(rng.choices(WORDS, k=rng.randint(1, 6))),
                )
                for i in range(50)
            ]
            index.index_tools("s", added)
            tools += added
            for _ in range(20):
                query = " ".join(rng.choices(WORDS, k=rng.randint(1, 3)))
                response = index.search(ToolSearchRequest("s", query, None, None))
                got = [(r.tool_name, r.relevance_score) for r in response.tool_references]
                assert got == scan(tools, query, name_weight, description_weight), query
