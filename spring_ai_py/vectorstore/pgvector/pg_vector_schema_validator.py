"""Checks PgVectorStore's table and schema names, and the table's shape, before use."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_logger = logging.getLogger(__name__)

DataSource = str | Callable[[], Any] | Any
"""Where connections come from: a DSN (URL or ``key=value`` string), a function
returning a new psycopg connection, or a pool with ``connection()`` (for example
``psycopg_pool.ConnectionPool``)."""

# PostgreSQL keeps 63 bytes of an identifier and silently cuts the rest, so a longer
# name would address another table (Spring 2.0.1 allows 64 characters).
MAX_IDENTIFIER_LENGTH = 63
_VALID_NAME = re.compile(rf"[a-zA-Z0-9_]{{1,{MAX_IDENTIFIER_LENGTH}}}")
_DIGITS = re.compile(r"[0-9]+")
_EXPECTED_COLUMNS = ("id", "content", "metadata", "embedding")


@contextmanager
def connect(data_source: DataSource) -> Iterator[Any]:
    """A connection from ``data_source`` for one operation, committed when the block
    succeeds (a DSN's connection is also closed, a pool's returned)."""
    if isinstance(data_source, str):
        import psycopg

        with psycopg.connect(data_source) as connection:
            yield connection
    elif hasattr(data_source, "connection"):
        with data_source.connection() as connection:
            yield connection
            connection.commit()
    else:
        connection = data_source()
        try:
            yield connection
            connection.commit()
        finally:
            connection.close()


class PgVectorSchemaValidator:
    """Spring's ``PgVectorSchemaValidator``: name checks that run before any SQL, and a
    check that an existing table has the columns and dimensions the store needs."""

    def __init__(self, data_source: DataSource) -> None:
        self._data_source = data_source

    @staticmethod
    def is_valid_name_for_database_object(name: str | None) -> bool:
        """Whether ``name`` is 1 to 63 ASCII letters, digits and underscores (PostgreSQL's
        identifier length), and not all digits."""
        if name is None:
            return False
        if not _VALID_NAME.fullmatch(name):
            return False
        return not _DIGITS.fullmatch(name)

    def validate_names(self, schema_name: str, table_name: str) -> None:
        """``ValueError`` when the schema or table name is not a valid name."""
        if not self.is_valid_name_for_database_object(schema_name):
            raise ValueError(
                "Schema name should only contain alphanumeric characters and underscores"
            )
        if not self.is_valid_name_for_database_object(table_name):
            raise ValueError(
                "Table name should only contain alphanumeric characters and underscores"
            )

    def is_table_exists(self, schema_name: str, table_name: str) -> bool:
        """Whether the table exists (``False`` also when the database cannot say)."""
        try:
            with connect(self._data_source) as connection:
                row = connection.execute(
                    "SELECT 1 FROM information_schema.tables "
                    "WHERE table_schema = %s AND table_name = %s",
                    (schema_name, table_name),
                ).fetchone()
        except Exception:
            _logger.debug(
                "Could not check whether %s.%s exists", schema_name, table_name, exc_info=True
            )
            return False
        return row is not None

    def validate_table_schema(self, schema_name: str, table_name: str, dimensions: int) -> None:
        """Check the names, that the table exists with the columns ``id``, ``content``,
        ``metadata`` and ``embedding``, and that ``embedding`` has ``dimensions``.

        ``ValueError`` for invalid names; ``RuntimeError`` (Spring's
        ``IllegalStateException``) for anything else, its cause the specific problem.
        """
        self.validate_names(schema_name, table_name)
        if not self.is_table_exists(schema_name, table_name):
            raise RuntimeError(f"Table {table_name} does not exist in schema {schema_name}")
        try:
            _logger.info(
                "Validating PGVectorStore schema for table: %s in schema: %s",
                table_name,
                schema_name,
            )
            with connect(self._data_source) as connection:
                rows = connection.execute(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = %s AND table_name = %s",
                    (schema_name, table_name),
                ).fetchall()
                if not rows:
                    raise RuntimeError(
                        "Error while validating table schema, Table "
                        f"{table_name} does not exist in schema {schema_name}"
                    )
                available = {row[0] for row in rows}
                missing = [column for column in _EXPECTED_COLUMNS if column not in available]
                if missing:
                    raise RuntimeError(f"Missing fields [{', '.join(missing)}]")
                _logger.info("PG VectorStore schema validation successful")
                row = connection.execute(
                    "SELECT a.atttypmod FROM pg_attribute a "
                    "JOIN pg_class c ON a.attrelid = c.oid "
                    "JOIN pg_namespace n ON c.relnamespace = n.oid "
                    "WHERE n.nspname = %s AND c.relname = %s AND a.attname = %s "
                    "AND a.attnum > 0 AND NOT a.attisdropped",
                    (schema_name, table_name, "embedding"),
                ).fetchone()
            actual = row[0] if row is not None else None
            if actual is None or actual != dimensions:
                raise RuntimeError(
                    f"Actual vector dimensions is {actual}, "
                    f"required vector dimensions is {dimensions}"
                )
        except Exception as error:
            _logger.error(
                "Error while validating table schema: %s. Make sure the vector extension is "
                "installed (CREATE EXTENSION IF NOT EXISTS vector) and the table exists: "
                "CREATE TABLE IF NOT EXISTS %s.%s (id uuid DEFAULT gen_random_uuid() PRIMARY "
                "KEY, content text, metadata json, embedding vector(<dimensions>))",
                error,
                schema_name,
                table_name,
            )
            raise RuntimeError(str(error)) from error
