"""``spring.datasource.*``: the database a Spring application's JDBC beans use."""

from __future__ import annotations

from typing import ClassVar
from urllib.parse import quote

from pydantic import SecretStr

from spring_ai_py.autoconfigure.binder import ConfigurationProperties


class DataSourceProperties(ConfigurationProperties):
    """``spring.datasource.url`` / ``username`` / ``password``.

    The URL is a JDBC URL (``jdbc:postgresql://host:5432/db``, ``jdbc:sqlite:memory.db``);
    :meth:`dsn` turns it into what Python's drivers take. A plain ``postgresql://`` URL
    or a SQLite path is accepted as it is.
    """

    CONFIG_PREFIX: ClassVar[str] = "spring.datasource"

    url: str | None = None
    username: str | None = None
    password: SecretStr | None = None
    driver_class_name: str | None = None

    def platform(self) -> str:
        """``postgresql`` or ``sqlite``; any other database is an error naming the URL's kind."""
        url = self._require_url()
        if url.startswith("jdbc:"):
            url = url[len("jdbc:") :]
        kind = url.split(":", 1)[0].lower()
        if kind in ("postgresql", "postgres"):
            return "postgresql"
        if kind == "sqlite" or ":" not in url:
            return "sqlite"
        raise ValueError(
            f"Failed to bind properties under 'spring.datasource.url': the '{kind}' database "
            "is not supported here (PostgreSQL and SQLite are)"
        )

    def dsn(self) -> str:
        """The connection string for the driver: a ``postgresql://`` URL with the user
        and password folded in, or the SQLite file path."""
        url = self._require_url()
        bare = url[len("jdbc:") :] if url.startswith("jdbc:") else url
        if self.platform() == "sqlite":
            path = bare[len("sqlite:") :] if bare.startswith("sqlite:") else bare
            return path or ":memory:"
        rest = bare.split("://", 1)[1] if "://" in bare else bare.split(":", 1)[1]
        host, _, query = rest.partition("?")
        credentials = quote(self.username, safe="") if self.username else ""
        if self.password is not None:
            credentials += ":" + quote(self.password.get_secret_value(), safe="")
        if credentials:
            credentials += "@"
        dsn = f"postgresql://{credentials}{host}"
        return f"{dsn}?{query}" if query else dsn

    def _require_url(self) -> str:
        if not self.url:
            raise ValueError("Failed to bind properties under 'spring.datasource.url': not set")
        return self.url.strip()
