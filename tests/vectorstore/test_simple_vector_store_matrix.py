"""The numpy storage of ``SimpleVectorStore`` against the one-document-at-a-time scan it
replaced: same scores to the last bit, same ordering (ties included), filters cached
and kept current through add, replace and delete."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spring_ai_py.document import Document, DocumentMetadata
from spring_ai_py.embedding import Embedding, EmbeddingModel, EmbeddingRequest, EmbeddingResponse
from spring_ai_py.vectorstore import (
    EmbeddingMath,
    SearchRequest,
    SimpleVectorStore,
    SimpleVectorStoreFilterExpressionEvaluator,
)
from spring_ai_py.vectorstore.filter import Expression, FilterExpressionBuilder

DIMENSIONS = 12


class LookupEmbeddingModel(EmbeddingModel):
    """Embeds each text as ``vectors[text]``."""

    def __init__(self) -> None:
        self.vectors: dict[str, list[float]] = {}

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        return EmbeddingResponse(
            [Embedding(self.vectors[t], i) for i, t in enumerate(request.get_instructions())]
        )


def reference_search(
    entries: dict[str, tuple[str, dict[str, Any], list[float]]],
    query: list[float],
    top_k: int,
    threshold: float,
    expression: Expression | None,
) -> list[tuple[str, float]]:
    """The scan the store did before numpy: filter, score one by one, sort, cap."""
    evaluator = SimpleVectorStoreFilterExpressionEvaluator()
    hits: list[tuple[str, float]] = []
    for id_, (_, metadata, embedding) in entries.items():
        if expression is not None and not evaluator.evaluate(expression, metadata):
            continue
        score = EmbeddingMath.cosine_similarity(query, embedding)
        if score >= threshold:
            hits.append((id_, score))
    hits.sort(key=lambda hit: hit[1], reverse=True)
    return hits[:top_k]


def float32_vector(rng: random.Random, low: float = -1.0, high: float = 1.0) -> list[float]:
    values = np.asarray([rng.uniform(low, high) for _ in range(DIMENSIONS)], dtype=np.float32)
    return [float(x) for x in values.tolist()]


def random_entries(
    rng: random.Random, count: int
) -> dict[str, tuple[str, dict[str, Any], list[float]]]:
    entries: dict[str, tuple[str, dict[str, Any], list[float]]] = {}
    pool: list[list[float]] = []
    for i in range(count):
        roll = rng.random()
        if pool and roll < 0.25:
            vector = list(rng.choice(pool))  # an exact tie
        elif pool and roll < 0.35:
            vector = [2.0 * x for x in rng.choice(pool)]  # same cosine, to the bit
        elif roll < 0.45:
            # Small integers: many exactly equal scores against integer queries.
            vector = [float(rng.randint(-2, 2) or 1) for _ in range(DIMENSIONS)]
        else:
            vector = float32_vector(rng)
        pool.append(vector)
        entries[f"doc-{i}"] = (f"text {i}", {"year": 2000 + i % 7, "kind": "ab"[i % 2]}, vector)
    return entries


def build_store(
    entries: dict[str, tuple[str, dict[str, Any], list[float]]],
) -> tuple[SimpleVectorStore, LookupEmbeddingModel]:
    model = LookupEmbeddingModel()
    documents = []
    for id_, (text, metadata, vector) in entries.items():
        model.vectors[text] = vector
        documents.append(Document(id_, text, metadata))
    store = SimpleVectorStore(model)
    for start in range(0, len(documents), 37):
        store.add(documents[start : start + 37])
    return store, model


def search(
    store: SimpleVectorStore,
    model: LookupEmbeddingModel,
    query: list[float],
    top_k: int,
    threshold: float,
    expression: Expression | None,
) -> list[tuple[str, float]]:
    model.vectors["?"] = query
    request = SearchRequest.builder().query("?").top_k(top_k).similarity_threshold(threshold)
    if expression is not None:
        request = request.filter_expression(expression)
    return [(d.get_id(), d.get_score() or 0.0) for d in store.similarity_search(request.build())]


FILTERS: list[Expression | None] = [
    None,
    FilterExpressionBuilder().gte("year", 2003).build(),
    FilterExpressionBuilder().eq("kind", "a").build(),
    FilterExpressionBuilder().in_("year", 2001, 2005).build(),
]


@pytest.mark.parametrize("seed", range(6))
def test_scores_and_order_match_the_one_by_one_scan(seed: int) -> None:
    rng = random.Random(seed)
    entries = random_entries(rng, 400)
    store, model = build_store(entries)
    for round_ in range(12):
        query = (
            [float(rng.randint(-2, 2)) for _ in range(DIMENSIONS)]
            if round_ % 3 == 0
            else float32_vector(rng)
        )
        if not any(query):
            query[0] = 1.0
        top_k = rng.choice([0, 1, 4, 10, 50, 500])
        threshold = rng.choice([0.0, 0.0, 0.3, 0.9])
        expression = FILTERS[round_ % len(FILTERS)]
        expected = reference_search(entries, query, top_k, threshold, expression)
        assert search(store, model, query, top_k, threshold, expression) == expected


def test_ties_keep_insertion_order_and_a_replaced_id_keeps_its_place() -> None:
    entries = {f"d{i}": (f"t{i}", {}, [1.0, 0.0]) for i in range(8)}
    store, model = build_store(entries)
    model.vectors["t3-new"] = [1.0, 0.0]
    store.add([Document("d3", "t3-new", {})])
    hits = search(store, model, [1.0, 0.0], 5, 0.0, None)
    assert hits == [(f"d{i}", 1.0) for i in range(5)]
    store.delete(["d0"])
    store.add([Document("d0", "t0", {})])
    assert [id_ for id_, _ in search(store, model, [1.0, 0.0], 8, 0.0, None)] == [
        "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d0",
    ]  # fmt: skip


def test_matches_after_adds_replacements_and_deletes() -> None:
    rng = random.Random(42)
    entries = random_entries(rng, 300)
    store, model = build_store(entries)
    expression = FilterExpressionBuilder().eq("kind", "a").build()
    query = float32_vector(rng)
    assert search(store, model, query, 20, 0.0, expression) == reference_search(
        entries, query, 20, 0.0, expression
    )  # the filter's matches are now cached
    for step in range(5):
        ids = rng.sample(sorted(entries), 30)
        store.delete(ids[:10])
        for id_ in ids[:10]:
            del entries[id_]
        replaced = []
        for id_ in ids[10:]:
            if id_ in entries:
                text = entries[id_][0]
                kind = rng.choice("ab")
                entries[id_] = (text, {"year": 2001, "kind": kind}, float32_vector(rng))
                model.vectors[text] = entries[id_][2]
                replaced.append(Document(id_, text, {"year": 2001, "kind": kind}))
        fresh = f"new-{step}"
        entries[fresh] = (fresh, {"year": 2002, "kind": "a"}, float32_vector(rng))
        model.vectors[fresh] = entries[fresh][2]
        store.add([*replaced, Document(fresh, fresh, {"year": 2002, "kind": "a"})])
        store.delete(FilterExpressionBuilder().eq("year", 2000 + step).build())
        entries = {k: v for k, v in entries.items() if v[1]["year"] != 2000 + step}
        for expr in (expression, None):
            assert search(store, model, query, 25, 0.1, expr) == reference_search(
                entries, query, 25, 0.1, expr
            )


def test_hits_carry_score_distance_and_copied_metadata() -> None:
    store, model = build_store({"a": ("ta", {"k": 1}, [3.0, 4.0])})
    model.vectors["?"] = [3.0, 4.0]
    [hit] = store.similarity_search("?")
    assert hit.get_score() == 1.0
    assert hit.get_metadata() == {"k": 1, DocumentMetadata.DISTANCE.value: 0.0}
    hit.get_metadata()["k"] = 2
    assert store.similarity_search("?")[0].get_metadata()["k"] == 1


def test_embeddings_of_another_dimension_are_rejected_and_nothing_is_added() -> None:
    store, model = build_store({"a": ("ta", {}, [1.0, 0.0])})
    model.vectors["tb"] = [1.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="embedding dimensions must all be equal: expected 2"):
        store.add([Document("b", "tb", {})])
    assert [d.get_id() for d in store.similarity_search("ta")] == ["a"]
    store.delete(["a"])
    store.add([Document("b", "tb", {})])  # an empty store takes any dimension
    assert [d.get_id() for d in store.similarity_search("tb")] == ["b"]


def test_errors_of_the_scan_are_kept() -> None:
    store, model = build_store({"a": ("ta", {"k": 1}, [1.0, 0.0]), "z": ("tz", {}, [0.0, 0.0])})
    model.vectors["q3"] = [1.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="Vectors lengths must be equal"):
        store.similarity_search("q3")
    model.vectors["q0"] = [0.0, 0.0]
    with pytest.raises(ValueError, match="Vectors cannot have zero norm"):
        store.similarity_search("q0")
    with pytest.raises(ValueError, match="Vectors cannot have zero norm"):
        store.similarity_search("ta")  # the stored zero vector
    only_a = SearchRequest.builder().query("ta").filter_expression("k == 1").build()
    assert [d.get_id() for d in store.similarity_search(only_a)] == ["a"]


def test_embeddings_are_kept_as_float32_and_saved_in_springs_layout(tmp_path: Path) -> None:
    store, model = build_store({"a": ("ta", {"k": 1}, [0.1, 0.5])})
    path = tmp_path / "store.json"
    store.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved == {
        "a": {
            "id": "a",
            "text": "ta",
            "metadata": {"k": 1},
            "embedding": [float(np.float32(0.1)), 0.5],
        }
    }
    loaded = SimpleVectorStore(model)
    loaded.load(path)
    model.vectors["?"] = [0.1, 0.5]
    assert search(loaded, model, [0.1, 0.5], 4, 0.0, None) == search(
        store, model, [0.1, 0.5], 4, 0.0, None
    )
