"""How vector store spans are named and annotated (Spring's vector store convention)."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from typing import ClassVar

from spring_ai_py import _assert
from spring_ai_py._observation import Attributes
from spring_ai_py.observation.conventions import SpringAiKind, VectorStoreObservationAttributes
from spring_ai_py.vectorstore.filter.filter import Expression, Group, Key, Operand, Value
from spring_ai_py.vectorstore.observation.vector_store_observation_context import (
    VectorStoreObservationContext,
)

_A = VectorStoreObservationAttributes


class VectorStoreObservationDocumentation:
    """Spring's ``VectorStoreObservationDocumentation``: the span's attribute names."""

    class LowCardinalityKeyNames(enum.Enum):
        SPRING_AI_KIND = "spring.ai.kind"
        DB_OPERATION_NAME = _A.DB_OPERATION_NAME.value
        DB_SYSTEM = _A.DB_SYSTEM.value

        def as_string(self) -> str:
            return str(self.value)

    class HighCardinalityKeyNames(enum.Enum):
        DB_COLLECTION_NAME = _A.DB_COLLECTION_NAME.value
        DB_NAMESPACE = _A.DB_NAMESPACE.value
        DB_SEARCH_SIMILARITY_METRIC = _A.DB_SEARCH_SIMILARITY_METRIC.value
        DB_VECTOR_DIMENSION_COUNT = _A.DB_VECTOR_DIMENSION_COUNT.value
        DB_VECTOR_FIELD_NAME = _A.DB_VECTOR_FIELD_NAME.value
        DB_VECTOR_QUERY_CONTENT = _A.DB_VECTOR_QUERY_CONTENT.value
        DB_VECTOR_QUERY_FILTER = "db.vector.query.filter"
        DB_VECTOR_QUERY_SIMILARITY_THRESHOLD = _A.DB_VECTOR_QUERY_SIMILARITY_THRESHOLD.value
        DB_VECTOR_QUERY_TOP_K = _A.DB_VECTOR_QUERY_TOP_K.value

        def as_string(self) -> str:
            return str(self.value)


_Low = VectorStoreObservationDocumentation.LowCardinalityKeyNames
_High = VectorStoreObservationDocumentation.HighCardinalityKeyNames


class VectorStoreObservationConvention(ABC):
    """Names a vector store span and chooses its attributes."""

    @abstractmethod
    def get_name(self) -> str:
        """The observation name."""

    @abstractmethod
    def get_contextual_name(self, context: VectorStoreObservationContext) -> str:
        """The span name."""

    def supports_context(self, context: object) -> bool:
        return isinstance(context, VectorStoreObservationContext)

    def get_low_cardinality_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        return {}

    def get_high_cardinality_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        return {}

    def attributes(self, context: VectorStoreObservationContext) -> Attributes:
        return {
            **self.get_low_cardinality_key_values(context),
            **self.get_high_cardinality_key_values(context),
        }

    def get_result_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        """Attributes added when the operation has finished (the query response)."""
        return {}


class DefaultVectorStoreObservationConvention(VectorStoreObservationConvention):
    """Spring's convention: spans named ``<db.system> <operation>`` (``pg_vector query``).

    Attributes: ``spring.ai.kind=vector_store``, ``db.system``, ``db.operation.name``;
    when known, ``db.collection.name``, ``db.namespace``, ``db.vector.dimension_count``
    (an int), ``db.vector.field_name``, ``db.search.similarity_metric`` and, for a
    query, ``db.vector.query.filter`` (the filter in Spring's record notation),
    ``db.vector.query.similarity_threshold`` (a float) and ``db.vector.query.top_k``
    (an int). The query text (``db.vector.query.content``) goes on the span only with
    ``include_query_content=True``: user text stays off spans unless asked for
    (Spring always adds it). With ``include_query_response=True`` a query's span gets
    the found documents' texts (``db.vector.query.response.documents``), standing in for
    the log of Spring's ``VectorStoreQueryResponseObservationHandler``
    (``spring.ai.vectorstore.observations.log-query-response``).
    """

    DEFAULT_NAME: ClassVar[str] = "db.vector.client.operation"

    def __init__(
        self,
        name: str = DEFAULT_NAME,
        *,
        include_query_content: bool = False,
        include_query_response: bool = False,
    ) -> None:
        self._name = name
        self.include_query_content = include_query_content
        self.include_query_response = include_query_response

    def get_name(self) -> str:
        return self._name

    def get_contextual_name(self, context: VectorStoreObservationContext) -> str:
        _assert.not_none(context, "context cannot be null")
        return f"{context.get_database_system()} {context.get_operation_name()}"

    def get_low_cardinality_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        return {
            _Low.SPRING_AI_KIND.as_string(): SpringAiKind.VECTOR_STORE.get_value(),
            _Low.DB_SYSTEM.as_string(): context.get_database_system(),
            _Low.DB_OPERATION_NAME.as_string(): context.get_operation_name(),
        }

    def get_high_cardinality_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        values: dict[str, str | int | float] = {}
        if _assert.has_text_value(context.collection_name):
            assert context.collection_name is not None
            values[_High.DB_COLLECTION_NAME.as_string()] = context.collection_name
        if context.dimensions is not None and context.dimensions > 0:
            values[_High.DB_VECTOR_DIMENSION_COUNT.as_string()] = context.dimensions
        if _assert.has_text_value(context.field_name):
            assert context.field_name is not None
            values[_High.DB_VECTOR_FIELD_NAME.as_string()] = context.field_name
        request = context.query_request
        if request is not None and request.get_filter_expression() is not None:
            expression = request.get_filter_expression()
            assert expression is not None
            values[_High.DB_VECTOR_QUERY_FILTER.as_string()] = java_text(expression)
        if _assert.has_text_value(context.namespace):
            assert context.namespace is not None
            values[_High.DB_NAMESPACE.as_string()] = context.namespace
        if (
            self.include_query_content
            and request is not None
            and _assert.has_text_value(request.get_query())
        ):
            values[_High.DB_VECTOR_QUERY_CONTENT.as_string()] = request.get_query()
        if _assert.has_text_value(context.similarity_metric):
            assert context.similarity_metric is not None
            values[_High.DB_SEARCH_SIMILARITY_METRIC.as_string()] = context.similarity_metric
        if request is not None and request.get_similarity_threshold() >= 0:
            values[_High.DB_VECTOR_QUERY_SIMILARITY_THRESHOLD.as_string()] = float(
                request.get_similarity_threshold()
            )
        if request is not None and request.get_top_k() > 0:
            values[_High.DB_VECTOR_QUERY_TOP_K.as_string()] = request.get_top_k()
        return values

    def get_result_key_values(self, context: VectorStoreObservationContext) -> Attributes:
        documents = context.get_query_response()
        if not self.include_query_response or not documents:
            return {}
        return {_A.DB_VECTOR_QUERY_RESPONSE_DOCUMENTS.value: [d.get_text() or "" for d in documents]}


def java_text(operand: Operand | None) -> str:
    """A filter expression in Java's record notation, as Spring prints it:
    ``Expression[type=EQ, left=Key[key=country], right=Value[value=UK]]``."""
    if operand is None:
        return "null"
    if isinstance(operand, Expression):
        return (
            f"Expression[type={operand.type.name}, left={java_text(operand.left)}, "
            f"right={java_text(operand.right)}]"
        )
    if isinstance(operand, Group):
        return f"Group[content={java_text(operand.content)}]"
    if isinstance(operand, Key):
        return f"Key[key={operand.key}]"
    if isinstance(operand, Value):
        return f"Value[value={_java_value(operand.value)}]"
    return str(operand)


def _java_value(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_java_value(v) for v in value) + "]"
    return str(value)
