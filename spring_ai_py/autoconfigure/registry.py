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

import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

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
    """

    name: str
    prefix: str
    properties: tuple[type[ConfigurationProperties], ...] = ()
    extra: str | None = None
    chat_model: Callable[[ApplicationContext], ChatModel] | None = None
    embedding_model: Callable[[ApplicationContext], EmbeddingModel] | None = None
    api_key_resolves: Callable[[Environment], bool] = _always
    order: int = 100


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
            for entry in entry_points(group=ENTRY_POINT_GROUP):
                registration = entry.load()
                if not isinstance(registration, ProviderRegistration):
                    raise TypeError(
                        f"entry point {entry.name} = {entry.value} of group "
                        f"{ENTRY_POINT_GROUP} must be a ProviderRegistration, "
                        f"got {type(registration).__name__}"
                    )
                loaded.append(registration)
            for registration in sorted(loaded, key=lambda r: (r.order, r.name)):
                found.setdefault(registration.name, registration)
            _loaded = found
        return dict(_loaded)
