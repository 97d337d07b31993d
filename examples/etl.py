"""The ETL pipeline end to end: read a markdown file and a PDF, split, enrich, embed in
batches, write to a vector store, then answer questions with QuestionAnswerAdvisor.

Runs offline: the script writes its two input files into a temporary directory (the
PDF with the test kit's tiny PDF writer), ``HashingEmbeddingModel`` embeds, and the
scripted model from ``spring_ai_py.test`` plays both the keyword extractor and the
answering model. The store is a ``SimpleVectorStore``; with ``--dsn postgresql://...``
it is a ``PgVectorStore`` on that database (the pgvector extension must be available).

Needs the ``markdown`` and ``pdf`` extras: ``pip install 'spring_ai_py[markdown,pdf]'``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel, TokenCountBatchingStrategy
from spring_ai_py.model.transformer import KeywordMetadataEnricher
from spring_ai_py.reader import ExtractedTextFormatter
from spring_ai_py.reader.markdown import MarkdownDocumentReader, MarkdownDocumentReaderConfig
from spring_ai_py.reader.pdf import PagePdfDocumentReader, PdfDocumentReaderConfig
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.test.pdf import write_pdf
from spring_ai_py.transformer.splitter import TokenTextSplitter
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore, VectorStore

# Facts no model can know: an answer quoting them came from the ingested files.
MANUAL = """\
# Nimbus-7 coffee machine

The Nimbus-7 brews at 93 degrees and holds 1.8 litres of water.

## Descaling

Descale the Nimbus-7 every 42 days with citric acid at pH 3.2. Never use vinegar:
it damages the Quorvan seals.

## Warranty

The warranty lasts 19 months from purchase and covers the pump and the heater.
"""

SERVICE_NOTES = [
    [
        (72, 720, "Service bulletin 7"),
        (72, 700, "Technicians replace the Quorvan seal kit SK-88 after 3000 brews."),
        (72, 680, "The seal kit ships with two gaskets and a silicone grease sachet."),
    ],
    [
        (72, 720, "Service bulletin 8"),
        (72, 700, "A blinking amber light on the Nimbus-7 means the water tank is empty."),
    ],
]


def write_inputs(directory: Path) -> tuple[Path, Path]:
    manual = directory / "nimbus-7.md"
    manual.write_text(MANUAL, encoding="utf-8")
    notes = write_pdf(directory / "service-notes.pdf", SERVICE_NOTES)
    return manual, notes


def extract(manual: Path, notes: Path) -> list[Document]:
    """E: one document per markdown section, one per PDF page."""
    config = (
        MarkdownDocumentReaderConfig.builder()
        .with_additional_metadata("source", manual.name)
        .build()
    )
    sections = MarkdownDocumentReader(str(manual), config).get()
    left_aligned = ExtractedTextFormatter.builder().with_left_alignment(True).build()
    pdf_config = (
        PdfDocumentReaderConfig.builder().with_page_extracted_text_formatter(left_aligned).build()
    )
    pages = PagePdfDocumentReader(notes, pdf_config).get()
    print(f"read {len(sections)} markdown sections and {len(pages)} PDF pages")
    return sections + pages


def transform(documents: list[Document]) -> list[Document]:
    """T: split into chunks of about 30 tokens, then ask the model for keywords."""
    splitter = TokenTextSplitter.builder().with_chunk_size(30).with_min_chunk_size_chars(20).build()
    chunks = splitter.apply(documents)
    print(f"split into {len(chunks)} chunks")
    keyword_model = ScriptedChatModel(*(_keywords(c) for c in chunks))
    return KeywordMetadataEnricher(keyword_model, 3).apply(chunks)


def _keywords(chunk: Document) -> str:
    # What a real model might answer: here, the three longest words of the chunk.
    words = sorted(
        {w.strip(".,:;").lower() for w in (chunk.get_text() or "").split()},
        key=lambda w: (len(w), w),
    )
    return ", ".join(words[-3:])


def open_store(dsn: str | None) -> VectorStore:
    embedding_model = HashingEmbeddingModel(dimensions=256)
    if dsn is None:
        return SimpleVectorStore.builder(embedding_model).build()
    from spring_ai_py.vectorstore.pgvector import PgVectorStore

    return PgVectorStore(
        dsn,
        embedding_model,
        vector_table_name="etl_example",
        dimensions=256,
        initialize_schema=True,
        remove_existing_vector_store_table=True,
    )


def load(store: VectorStore, chunks: list[Document]) -> None:
    """L: the store embeds in batches of at most ~7372 tokens (TokenCountBatchingStrategy)."""
    batches = TokenCountBatchingStrategy(max_input_token_count=64, reserve_percentage=0).batch(
        chunks
    )
    print("with a 64-token budget the chunks would go in batches of", [len(b) for b in batches])
    store.add(chunks)
    print(f"wrote {len(chunks)} chunks to {store.get_name()}")


def answer(store: VectorStore) -> None:
    model = ScriptedChatModel(
        "Every 42 days, with citric acid at pH 3.2.", "After 3000 brews: seal kit SK-88."
    )
    advisor = (
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().top_k(2).build())
        .build()
    )
    client = ChatClient.builder(model).default_advisors(advisor).build()
    for question in (
        "How often must the Nimbus-7 be descaled?",
        "When is the Quorvan seal kit replaced?",
    ):
        response = client.prompt().user(question).call().chat_client_response()
        retrieved = response.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS]
        print(f"Q: {question}")
        print("   context:", [d.get_text() for d in retrieved])
        print(
            "   keywords:",
            [
                d.get_metadata()[KeywordMetadataEnricher.EXCERPT_KEYWORDS_METADATA_KEY]
                for d in retrieved
            ],
        )
        assert response.chat_response is not None
        print("A:", response.chat_response.get_result().get_output().get_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dsn", help="write to a PgVectorStore on this PostgreSQL DSN")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        manual, notes = write_inputs(Path(directory))
        chunks = transform(extract(manual, notes))
    store = open_store(arguments.dsn)
    load(store, chunks)
    answer(store)


if __name__ == "__main__":
    main()
