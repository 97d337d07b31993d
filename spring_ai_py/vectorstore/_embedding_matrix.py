"""The storage and scoring behind ``SimpleVectorStore``: one contiguous float32 matrix.

Rows keep the store's insertion order (a replaced id keeps its row, as a dict key keeps
its place), so ties rank as they always have. A search scores every row with one
float32 matrix-vector product, keeps the rows that can still be in the top ``k`` (those
within twice the float32 error bound of the ``k``-th best, found by a partial sort) and
computes the final score of only those the exact way ``EmbeddingMath.cosine_similarity``
does (``math.fsum`` in float64 of the stored values): the scores, and so the ordering
with its ties, are the ones the one-document-at-a-time loop gives, bit for bit.

Filter masks are cached per filter expression (a hashable one) and kept current as rows
are added, replaced and deleted, so a repeated filter costs no per-document evaluation.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from spring_ai_py.vectorstore.filter.filter import Expression

FloatMatrix = npt.NDArray[np.float32]
BoolVector = npt.NDArray[np.bool_]

# Unit roundoff of float32. A float32 dot product of n terms is off by at most about
# n * u * |x| |y| (whatever the summation order), and rounding the query to float32 adds
# u |x| |y|; the cosine is the dot over |x| |y|, so its error is at most about (n + 1) * u.
_U32 = 2.0**-24
_MASK_CACHE_SIZE = 32

Evaluate = Callable[[Expression, Mapping[str, Any]], bool]


def _error_bound(dimensions: int) -> float:
    return (2 * dimensions + 16) * _U32


class EmbeddingMatrix:
    """Ids, texts, metadata and embeddings of a store, row by row (not thread-safe: the
    store holds its lock around every call)."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.texts: list[str] = []
        self.metadata: list[dict[str, Any]] = []
        self._rows: dict[str, int] = {}
        self._dimensions = 0
        self._matrix: FloatMatrix = np.zeros((0, 0), dtype=np.float32)
        self._norms: npt.NDArray[np.float64] = np.zeros(0, dtype=np.float64)
        # The squared norms as EmbeddingMath computes them (math.fsum), filled on first use.
        self._exact_norms: npt.NDArray[np.float64] = np.zeros(0, dtype=np.float64)
        self._masks: OrderedDict[Expression, BoolVector] = OrderedDict()

    def __len__(self) -> int:
        return len(self.ids)

    def embedding(self, row: int) -> list[float]:
        return [float(x) for x in self._matrix[row].tolist()]

    def rows(self) -> Iterator[tuple[str, str, dict[str, Any], list[float]]]:
        for row, id_ in enumerate(self.ids):
            yield id_, self.texts[row], self.metadata[row], self._matrix[row].tolist()

    # --- writes -----------------------------------------------------------------------

    def upsert(
        self,
        ids: Sequence[str],
        texts: Sequence[str],
        metadata: Sequence[dict[str, Any]],
        embeddings: Sequence[Sequence[float]],
        evaluate: Evaluate,
    ) -> None:
        """Add the rows (a known id replaces its row in place). ``ValueError`` for an
        empty embedding or one whose dimension differs from the others'."""
        batch = _as_matrix(embeddings, self._dimensions if self.ids else 0)
        if not self.ids:
            self._dimensions = batch.shape[1]
            self._matrix = np.zeros((0, self._dimensions), dtype=np.float32)
        first_new = len(self.ids)
        targets: list[int] = []
        for id_, text, meta in zip(ids, texts, metadata, strict=True):
            row = self._rows.get(id_)
            if row is None:
                row = len(self.ids)
                self._rows[id_] = row
                self.ids.append(id_)
                self.texts.append(text)
                self.metadata.append(meta)
            else:
                self.texts[row] = text
                self.metadata[row] = meta
            targets.append(row)
        count = len(self.ids)
        if count > self._matrix.shape[0]:
            capacity = max(count, 2 * self._matrix.shape[0], 16)
            grown = np.zeros((capacity, self._dimensions), dtype=np.float32)
            grown[:first_new] = self._matrix[:first_new]
            self._matrix = grown
            norms = np.zeros(capacity, dtype=np.float64)
            norms[:first_new] = self._norms[:first_new]
            self._norms = norms
            exact = np.full(capacity, np.nan, dtype=np.float64)
            exact[:first_new] = self._exact_norms[:first_new]
            self._exact_norms = exact
        # Later duplicates in one batch win, as successive dict assignments do.
        last = {row: position for position, row in enumerate(targets)}
        index = np.fromiter(last.keys(), dtype=np.intp, count=len(last))
        self._matrix[index] = batch[np.fromiter(last.values(), dtype=np.intp, count=len(last))]
        stored = self._matrix[index].astype(np.float64)
        self._norms[index] = np.sqrt(np.einsum("ij,ij->i", stored, stored))
        self._exact_norms[index] = np.nan
        self._update_masks(first_new, sorted(last), evaluate)

    def delete(self, keep: BoolVector) -> None:
        """Keep only the rows where ``keep`` is true (order preserved)."""
        count = len(self.ids)
        if bool(keep[:count].all()):
            return
        kept = np.flatnonzero(keep[:count])
        self.ids = [self.ids[i] for i in kept.tolist()]
        self.texts = [self.texts[i] for i in kept.tolist()]
        self.metadata = [self.metadata[i] for i in kept.tolist()]
        self._rows = {id_: row for row, id_ in enumerate(self.ids)}
        self._matrix = np.ascontiguousarray(self._matrix[kept])
        self._norms = self._norms[kept]
        self._exact_norms = self._exact_norms[kept]
        for expression, mask in self._masks.items():
            self._masks[expression] = mask[kept]
        if not self.ids:
            self._dimensions = 0

    def delete_ids(self, ids: Sequence[str]) -> None:
        doomed = [self._rows[id_] for id_ in ids if id_ in self._rows]
        if doomed:
            keep = np.ones(len(self.ids), dtype=np.bool_)
            keep[doomed] = False
            self.delete(keep)

    # --- filters ----------------------------------------------------------------------

    def mask(self, expression: Expression, evaluate: Evaluate) -> BoolVector:
        """Which rows match ``expression`` (evaluated once per row, then cached)."""
        count = len(self.ids)
        try:
            cached = self._masks.get(expression)
        except TypeError:  # an unhashable value (a list) in the expression
            return self._evaluate_rows(expression, evaluate, 0, count)
        if cached is not None:
            self._masks.move_to_end(expression)
            return cached[:count]
        mask = self._evaluate_rows(expression, evaluate, 0, count)
        self._masks[expression] = mask
        if len(self._masks) > _MASK_CACHE_SIZE:
            self._masks.popitem(last=False)
        return mask

    def _evaluate_rows(
        self, expression: Expression, evaluate: Evaluate, start: int, stop: int
    ) -> BoolVector:
        metadata = self.metadata
        return np.fromiter(
            (evaluate(expression, metadata[row]) for row in range(start, stop)),
            dtype=np.bool_,
            count=stop - start,
        )

    def _update_masks(self, first_new: int, changed: list[int], evaluate: Evaluate) -> None:
        count = len(self.ids)
        for expression in list(self._masks):
            old = self._masks[expression]
            try:
                mask = np.zeros(count, dtype=np.bool_)
                mask[:first_new] = old[:first_new]
                for row in changed:
                    mask[row] = evaluate(expression, self.metadata[row])
            except Exception:  # the search re-evaluates it and reports the error
                del self._masks[expression]
                continue
            self._masks[expression] = mask

    # --- search -----------------------------------------------------------------------

    def search(
        self,
        query: Sequence[float],
        top_k: int,
        threshold: float,
        matching: BoolVector | None,
    ) -> list[tuple[int, float]]:
        """The best ``top_k`` rows at or above ``threshold`` among ``matching`` (all when
        ``None``), best first, ties in row order, each with its cosine similarity."""
        count = len(self.ids)
        selected = np.arange(count) if matching is None else np.flatnonzero(matching[:count])
        if selected.size == 0:
            return []
        query64 = np.asarray(query, dtype=np.float64)
        if query64.ndim != 1 or query64.shape[0] != self._dimensions:
            raise ValueError("Vectors lengths must be equal")
        query_norm = math.fsum((query64 * query64).tolist())
        if query_norm == 0 or bool((self._norms[selected] == 0).any()):
            raise ValueError("Vectors cannot have zero norm")
        if top_k == 0:
            return []
        query32 = query64.astype(np.float32)
        with np.errstate(all="ignore"):
            if selected.size * 4 >= count:  # cheaper to score all rows than to gather some
                approx = (self._matrix[:count] @ query32).astype(np.float64)[selected]
            else:
                approx = (self._matrix[selected] @ query32).astype(np.float64)
            approx /= self._norms[selected] * math.sqrt(query_norm)
        bound = _error_bound(self._dimensions)
        floor = threshold - bound
        if approx.size > top_k:
            kth = float(np.partition(approx, approx.size - top_k)[approx.size - top_k])
            if not math.isnan(kth):
                floor = max(floor, kth - 2 * bound)
        # Non-finite approximations (float32 overflow) are scored exactly too.
        candidates = selected[(approx >= floor) | ~np.isfinite(approx)]
        hits: list[tuple[int, float]] = []
        for row in candidates.tolist():
            vector = self._matrix[row].astype(np.float64)
            norm = self._exact_norms[row]
            if math.isnan(norm):
                norm = self._exact_norms[row] = math.fsum((vector * vector).tolist())
            dot = math.fsum((vector * query64).tolist())
            score = dot / (math.sqrt(norm) * math.sqrt(query_norm))
            if score >= threshold:
                hits.append((row, score))
        hits.sort(key=lambda hit: hit[1], reverse=True)
        return hits[:top_k]


def _as_matrix(embeddings: Sequence[Sequence[float]], dimensions: int) -> FloatMatrix:
    for embedding in embeddings:
        if embedding is None:
            raise ValueError("embedding must not be null")
        if len(embedding) == 0:
            raise ValueError("embedding vector must not be empty")
        if dimensions and len(embedding) != dimensions:
            raise ValueError(
                f"embedding dimensions must all be equal: expected {dimensions}, "
                f"got {len(embedding)}"
            )
        dimensions = dimensions or len(embedding)
    return np.asarray(embeddings, dtype=np.float32).reshape(len(embeddings), dimensions)
