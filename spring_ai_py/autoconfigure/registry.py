"""The provider registry: what each provider package declares to autoconfiguration.

Spring Boot finds a provider's auto-configuration through its starter's
``AutoConfiguration.imports``; here a provider package declares one
:class:`ProviderRegistration` and names it in the ``spring_ai_py.providers`` entry-point
group of its distribution::

    [project.entry-points."spring_ai_py.providers"]
    echo = "echo_provider:REGISTRATION"

:class:`~spring_ai_py.autoconfigure.ApplicationContext` iterates the registrations: it
knows no provider by name, so a third-party package adds one without changing this one.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias, TypeVar, cast

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.binder import ConfigurationProperties
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.autoconfigure.environment import Environment
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel

__all__ = ["ENTRY_POINT_GROUP", "ProviderRegistration", "provider_registrations"]

ENTRY_POINT_GROUP = "spring_ai_py.providers"
"""The entry-point group whose entries are :class:`ProviderRegistration` objects."""


def _always(environment: Environment) -> bool:
    del environment
    return True


ChatModelFactory: TypeAlias = "Callable[[ApplicationContext], ChatModel]"
"""Builds a provider's chat model from the context."""
EmbeddingModelFactory: TypeAlias = "Callable[[ApplicationContext], EmbeddingModel]"
"""Builds a provider's embedding model from the context."""
ApiKeyCheck: TypeAlias = "Callable[[Environment], bool]"
"""Tells whether a provider's API key resolves in the environment."""

T = TypeVar("T")


@dataclass(frozen=True)
class ProviderRegistration:
    """One provider's auto-configuration.

    ``name`` is the value of ``spring.ai.model.chat`` / ``spring.ai.model.embedding``
    that chooses it; ``prefix`` the properties section whose presence means "configured"
    (``spring.ai.<name>``); ``properties`` its properties classes (bound on demand);
    ``extra`` the pip extra that installs its SDK. ``chat_model`` / ``embedding_model``
    build its beans from the context (``None``: it has no such model). When nothing
    chooses among several registered providers, the lowest ``order`` is the default.
    ``api_key_resolves`` tells, when two providers are configured, whether this one's
    key resolves (the other is then left out, as Spring's example apps list both keys).

    Each properties class, factory and ``api_key_resolves`` may be given as the object
    or as its ``"module:name"`` reference, so that reading a registration (which
    autoconfiguration does for every registered provider) imports none of a provider's
    properties classes or SDK: :meth:`properties_classes`, :meth:`chat_model_factory`,
    :meth:`embedding_model_factory` and :meth:`api_key_check` import what they name.
    """

    name: str
    prefix: str
    properties: tuple[type[ConfigurationProperties] | str, ...] = ()
    extra: str | None = None
    chat_model: ChatModelFactory | str | None = None
    embedding_model: EmbeddingModelFactory | str | None = None
    api_key_resolves: ApiKeyCheck | str = _always
    order: int = 100

    def __post_init__(self) -> None:
        references = {
            **{f"properties[{index}]": item for index, item in enumerate(self.properties)},
            "chat_model": self.chat_model,
            "embedding_model": self.embedding_model,
            "api_key_resolves": self.api_key_resolves,
        }
        for where, item in references.items():
            if isinstance(item, str) and not _REFERENCE.fullmatch(item):
                kind, reference = (
                    ("class", "module:Class")
                    if where.startswith("properties")
                    else ("function", "module:function")
                )
                raise ValueError(
                    f"{where} must be a {kind} or a '{reference}' reference, got {item!r}"
                )

    def properties_classes(self) -> tuple[type[ConfigurationProperties], ...]:
        """The properties classes, each ``"module:Class"`` reference imported."""
        return tuple(_resolved(item) for item in self.properties)

    def chat_model_factory(self) -> ChatModelFactory | None:
        """What builds the chat model (``None``: the provider has none), its
        ``"module:function"`` reference imported."""
        return None if self.chat_model is None else _resolved(self.chat_model)

    def embedding_model_factory(self) -> EmbeddingModelFactory | None:
        """What builds the embedding model (``None``: the provider has none), its
        ``"module:function"`` reference imported."""
        return None if self.embedding_model is None else _resolved(self.embedding_model)

    def api_key_check(self) -> ApiKeyCheck:
        """``api_key_resolves``, its ``"module:function"`` reference imported."""
        return _resolved(self.api_key_resolves)


_REFERENCE = re.compile(r"[\w.]+:[\w.]+")


def _resolved(item: T | str) -> T:
    """``item``, or the object its ``"module:name"`` reference names, imported."""
    if not isinstance(item, str):
        return item
    module, _, qualname = item.partition(":")
    value: object = importlib.import_module(module)
    for attribute in qualname.split("."):
        value = getattr(value, attribute)
    return cast(T, value)


_lock = threading.Lock()
_loaded: dict[str, ProviderRegistration] | None = None


def provider_registrations(*, reload: bool = False) -> dict[str, ProviderRegistration]:
    """The registered providers by name, in entry-point order (loaded once; ``reload``
    reads the installed distributions again, for a package installed since)."""
    global _loaded
    with _lock:
        if _loaded is None or reload:
            found: dict[str, ProviderRegistration] = {}
            loaded = []
            for name, value in _entry_points(ENTRY_POINT_GROUP):
                registration = _load(value)
                if not isinstance(registration, ProviderRegistration):
                    raise TypeError(
                        f"entry point {name} = {value} of group "
                        f"{ENTRY_POINT_GROUP} must be a ProviderRegistration, "
                        f"got {type(registration).__name__}"
                    )
                loaded.append(registration)
            for registration in sorted(loaded, key=lambda r: (r.order, r.name)):
                found.setdefault(registration.name, registration)
            _loaded = found
        return dict(_loaded)


def _load(value: str) -> object:
    """The object an entry point's ``module:attribute [extras]`` value names."""
    from importlib.metadata import EntryPoint

    return EntryPoint(name="", value=value, group=ENTRY_POINT_GROUP).load()


def _entry_points(group: str) -> Iterator[tuple[str, str]]:
    """``(name, value)`` of each entry point of ``group``, as
    ``importlib.metadata.entry_points(group=group)`` finds them, without parsing the
    entry points of every installed distribution: on each directory of ``sys.path`` it
    reads only the ``entry_points.txt`` files, and parses the few that name ``group``.
    The first distribution of a name on ``sys.path`` wins, as there; finders other than
    the path finder (and ``sys.path`` entries that are not directories, such as zip
    files) are asked through ``importlib.metadata``."""
    from importlib.machinery import PathFinder

    seen: set[str] = set()
    for finder in sys.meta_path:
        if finder is PathFinder:
            for entry in sys.path:
                path = entry or "."
                if os.path.isdir(path):
                    yield from _directory_entry_points(path, group, seen)
                else:
                    yield from _metadata_entry_points([entry], group, seen)
        elif hasattr(finder, "find_distributions"):
            yield from _metadata_entry_points(None, group, seen, finder)


def _directory_entry_points(path: str, group: str, seen: set[str]) -> Iterator[tuple[str, str]]:
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        stem, dot, suffix = name.rpartition(".")
        if not dot or suffix.lower() not in ("dist-info", "egg-info"):
            continue
        distribution = _normalized(stem.partition("-")[0])
        if distribution in seen:
            continue
        seen.add(distribution)
        try:
            with open(os.path.join(path, name, "entry_points.txt"), encoding="utf-8") as file:
                text = file.read()
        except OSError:  # no entry points, or an egg-info file rather than a directory
            continue
        if group in text:
            yield from _parse_group(text, group)


def _metadata_entry_points(
    path: list[str] | None, group: str, seen: set[str], finder: object = None
) -> Iterator[tuple[str, str]]:
    from importlib.metadata import DistributionFinder

    context = DistributionFinder.Context(path=path) if path is not None else DistributionFinder.Context()
    if finder is None:
        from importlib.machinery import PathFinder

        finder = PathFinder
    for dist in finder.find_distributions(context):  # type: ignore[attr-defined]
        distribution = _normalized(dist.metadata["Name"] or "")
        if distribution in seen:
            continue
        seen.add(distribution)
        for entry in dist.entry_points.select(group=group):
            yield entry.name, entry.value


def _normalized(name: str) -> str:
    """A distribution's name as PEP 503 compares it (``Foo.Bar-baz`` -> ``foo_bar_baz``)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _parse_group(text: str, group: str) -> Iterator[tuple[str, str]]:
    """The ``name = value`` lines of the ``[group]`` section of an ``entry_points.txt``."""
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group:
            name, equals, value = line.partition("=")
            if equals:
                yield name.strip(), value.strip()
