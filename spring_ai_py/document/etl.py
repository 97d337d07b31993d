"""The ETL roles around documents: readers produce them, transformers change them,
writers consume them (a vector store is a writer)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.document.document import Document


class DocumentReader(ABC):
    """A source of documents (Spring's ``Supplier<List<Document>>``)."""

    @abstractmethod
    def get(self) -> list[Document]:
        """Produce the documents."""

    def read(self) -> list[Document]:
        """Same as :meth:`get`."""
        return self.get()


class DocumentTransformer(ABC):
    """Turns a list of documents into another (Spring's ``Function<List<Document>, ...>``);
    splitters and metadata enrichers are transformers."""

    @abstractmethod
    def apply(self, documents: list[Document]) -> list[Document]:
        """Transform the documents."""

    def transform(self, documents: list[Document]) -> list[Document]:
        """Same as :meth:`apply`."""
        return self.apply(documents)

    def __call__(self, documents: list[Document]) -> list[Document]:
        return self.apply(documents)


class DocumentWriter(ABC):
    """A sink of documents (Spring's ``Consumer<List<Document>>``)."""

    @abstractmethod
    def accept(self, documents: list[Document]) -> None:
        """Consume the documents."""

    def write(self, documents: list[Document]) -> None:
        """Same as :meth:`accept`."""
        self.accept(documents)

    def __call__(self, documents: list[Document]) -> None:
        self.accept(documents)
