"""What a vector store span is about: the store, the operation, the query and its hits."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable

if TYPE_CHECKING:
    from spring_ai_py.document import Document
    from spring_ai_py.vectorstore.search_request import SearchRequest


class VectorStoreObservationContext(Buildable):
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

    def __init__(
        self,
        database_system: str,
        operation_name: str,
        *,
        collection_name: str | None = None,
        dimensions: int | None = None,
        field_name: str | None = None,
        namespace: str | None = None,
        similarity_metric: str | None = None,
        query_request: SearchRequest | None = None,
        query_response: list[Document] | None = None,
    ) -> None:
        _assert.has_text(database_system, "database_system cannot be null or empty")
        _assert.has_text(operation_name, "operation_name cannot be null or empty")
        self._database_system = database_system
        self._operation_name = operation_name
        self.collection_name = collection_name
        self.dimensions = dimensions
        self.field_name = field_name
        self.namespace = namespace
        self.similarity_metric = similarity_metric
        self.query_request = query_request
        self.query_response = query_response

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
        return VectorStoreObservationContext.Builder(
            VectorStoreObservationContext,
            {"database_system": database_system, "operation_name": name},
        )

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

    # --- generated builder (own builder()) ---
    class Builder(_builder.Builder["VectorStoreObservationContext"]):
        """The builder of :class:`VectorStoreObservationContext`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def database_system(self, database_system: str, /) -> Self:
            return self._set("database_system", (database_system,))

        def operation_name(self, operation_name: str, /) -> Self:
            return self._set("operation_name", (operation_name,))

        def collection_name(self, collection_name: str | None, /) -> Self:
            return self._set("collection_name", (collection_name,))

        def dimensions(self, dimensions: int | None, /) -> Self:
            return self._set("dimensions", (dimensions,))

        def field_name(self, field_name: str | None, /) -> Self:
            return self._set("field_name", (field_name,))

        def namespace(self, namespace: str | None, /) -> Self:
            return self._set("namespace", (namespace,))

        def similarity_metric(self, similarity_metric: str | None, /) -> Self:
            return self._set("similarity_metric", (similarity_metric,))

        def query_request(self, query_request: SearchRequest | None, /) -> Self:
            return self._set("query_request", (query_request,))

        def query_response(self, query_response: Document | list[Document] | None, /, *more: Document) -> Self:
            return self._set("query_response", (query_response, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> VectorStoreObservationContext: ...
    # --- end of generated builder ---
