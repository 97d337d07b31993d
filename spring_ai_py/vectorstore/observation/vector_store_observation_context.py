"""What a vector store span is about: the store, the operation, the query and its hits."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from spring_ai_py import _assert

if TYPE_CHECKING:
    from spring_ai_py.document import Document
    from spring_ai_py.vectorstore.search_request import SearchRequest


class VectorStoreObservationContext:
    """Spring's ``VectorStoreObservationContext``: the database system (``db.system``,
    e.g. ``pg_vector``), the operation (``add``, ``delete``, ``query``), and the
    optional collection, dimensions, field, namespace, similarity metric, query request
    and query response."""

    class Operation(enum.Enum):
        """The vector store operations Spring observes."""

        ADD = "add"
        DELETE = "delete"
        QUERY = "query"

        def get_value(self) -> str:
            return str(self.value)

    def __init__(self, database_system: str, operation_name: str) -> None:
        _assert.has_text(database_system, "database_system cannot be null or empty")
        _assert.has_text(operation_name, "operation_name cannot be null or empty")
        self._database_system = database_system
        self._operation_name = operation_name
        self.collection_name: str | None = None
        self.dimensions: int | None = None
        self.field_name: str | None = None
        self.namespace: str | None = None
        self.similarity_metric: str | None = None
        self.query_request: SearchRequest | None = None
        self.query_response: list[Document] | None = None

    @staticmethod
    def builder(
        database_system: str, operation: str | VectorStoreObservationContext.Operation
    ) -> VectorStoreObservationContext.Builder:
        """A builder for the context of ``operation_name`` on the store ``database_system``."""
        name = (
            operation.value
            if isinstance(operation, VectorStoreObservationContext.Operation)
            else operation
        )
        return VectorStoreObservationContext.Builder(database_system, name)

    def get_database_system(self) -> str:
        return self._database_system

    def get_operation_name(self) -> str:
        return self._operation_name

    def get_collection_name(self) -> str | None:
        return self.collection_name

    def get_dimensions(self) -> int | None:
        return self.dimensions

    def get_field_name(self) -> str | None:
        return self.field_name

    def get_namespace(self) -> str | None:
        return self.namespace

    def get_similarity_metric(self) -> str | None:
        return self.similarity_metric

    def get_query_request(self) -> SearchRequest | None:
        return self.query_request

    def get_query_response(self) -> list[Document] | None:
        return self.query_response

    def set_query_response(self, query_response: list[Document] | None) -> None:
        self.query_response = query_response

    class Builder:
        """Fluent setters for the optional parts; ``build()`` checks the required ones."""

        def __init__(self, database_system: str, operation_name: str) -> None:
            self._database_system = database_system
            self._operation_name = operation_name
            self._values: dict[str, object] = {}

        def collection_name(
            self, collection_name: str | None
        ) -> VectorStoreObservationContext.Builder:
            self._values["collection_name"] = collection_name
            return self

        def dimensions(self, dimensions: int | None) -> VectorStoreObservationContext.Builder:
            self._values["dimensions"] = dimensions
            return self

        def field_name(self, field_name: str | None) -> VectorStoreObservationContext.Builder:
            self._values["field_name"] = field_name
            return self

        def namespace(self, namespace: str | None) -> VectorStoreObservationContext.Builder:
            self._values["namespace"] = namespace
            return self

        def similarity_metric(
            self, similarity_metric: str | None
        ) -> VectorStoreObservationContext.Builder:
            self._values["similarity_metric"] = similarity_metric
            return self

        def query_request(
            self, request: SearchRequest | None
        ) -> VectorStoreObservationContext.Builder:
            self._values["query_request"] = request
            return self

        def query_response(
            self, documents: list[Document] | None
        ) -> VectorStoreObservationContext.Builder:
            self._values["query_response"] = documents
            return self

        def build(self) -> VectorStoreObservationContext:
            context = VectorStoreObservationContext(self._database_system, self._operation_name)
            for name, value in self._values.items():
                setattr(context, name, value)
            return context
