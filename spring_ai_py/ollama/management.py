"""``org.springframework.ai.ollama.management``: pulling models into an Ollama server.

:class:`OllamaModelManager` lists (``GET /api/tags``), pulls (``POST /api/pull``,
streamed progress) and deletes models; :class:`ModelManagementOptions` says when the
chat and embedding models pull theirs (:class:`PullModelStrategy`), which further
models to pull, how long a pull may take and how often it is tried again.
"""

from __future__ import annotations

import enum
import logging
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.model._wire_limits import Exchange
from spring_ai_py.ollama.api import OllamaApi

if TYPE_CHECKING:
    import ollama

__all__ = ["ModelManagementOptions", "OllamaModelManager", "PullModelStrategy"]

logger = logging.getLogger(__name__)

PULL_RETRY_BACKOFF = 5.0
"""Seconds before the first new try of a failed pull (doubling each time, as Spring's
``Retry.backoff(maxRetries, 5s)``)."""


class PullModelStrategy(enum.Enum):
    """When a model is pulled: ``ALWAYS`` (every time, to get its latest version),
    ``WHEN_MISSING`` (only when the server does not have it) or ``NEVER``."""

    ALWAYS = "always"
    WHEN_MISSING = "when_missing"
    NEVER = "never"


@dataclass(frozen=True, kw_only=True)
class ModelManagementOptions(Buildable):
    """Spring's ``ModelManagementOptions``: how a model pulls its model when it is built.

    ``pull_model_strategy`` (default ``NEVER``), ``additional_models`` pulled as well,
    ``timeout`` of one pull (a ``timedelta`` or seconds; default five minutes) and
    ``max_retries`` (default 0) new tries of a failed pull.
    """

    pull_model_strategy: PullModelStrategy = PullModelStrategy.NEVER
    additional_models: list[str] = field(default_factory=list)
    timeout: timedelta = timedelta(minutes=5)
    max_retries: int = 0

    def __post_init__(self) -> None:
        _assert.instance_of(self.pull_model_strategy, PullModelStrategy, "pull_model_strategy")
        models = self.additional_models
        if models is None:
            object.__setattr__(self, "additional_models", [])
        elif isinstance(models, str) or not all(isinstance(m, str) for m in models):
            raise TypeError("additional_models must be a list of model names")
        else:
            object.__setattr__(self, "additional_models", list(models))
        if isinstance(self.timeout, int | float) and not isinstance(self.timeout, bool):
            object.__setattr__(self, "timeout", timedelta(seconds=self.timeout))
        if not isinstance(self.timeout, timedelta) or self.timeout <= timedelta(0):
            raise ValueError("timeout must be a positive timedelta or number of seconds")
        retries = self.max_retries
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise ValueError("max_retries must be a non-negative integer")

    @classmethod
    def defaults(cls) -> ModelManagementOptions:
        """``NEVER`` pull, no additional models, five minutes, no retries."""
        return cls()

    # --- generated builder ---
    class Builder(_builder.Builder["ModelManagementOptions"]):
        """The builder of :class:`ModelManagementOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def pull_model_strategy(self, pull_model_strategy: PullModelStrategy, /) -> Self:
            return self._set("pull_model_strategy", (pull_model_strategy,))

        def additional_models(self, additional_models: str | list[str], /, *more: str) -> Self:
            return self._set("additional_models", (additional_models, *more), sequence=True)

        def timeout(self, timeout: timedelta, /) -> Self:
            return self._set("timeout", (timeout,))

        def max_retries(self, max_retries: int, /) -> Self:
            return self._set("max_retries", (max_retries,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ModelManagementOptions: ...

    @classmethod
    def builder(cls) -> ModelManagementOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ModelManagementOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class OllamaModelManager:
    """Spring's ``OllamaModelManager``: which models an Ollama server has, and pulling
    and deleting them, with the official SDK's blocking client.

    Built with ``options`` naming ``additional_models``, it pulls them at once (with
    the options' strategy). Model names without a tag mean their ``latest`` tag.
    """

    def __init__(
        self,
        ollama_api: OllamaApi | None = None,
        options: ModelManagementOptions | None = None,
        ollama_client: ollama.Client | None = None,
    ) -> None:
        if ollama_api is not None:
            _assert.instance_of(ollama_api, OllamaApi, "ollama_api")
        if options is not None:
            _assert.instance_of(options, ModelManagementOptions, "options")
        self._api = ollama_api if ollama_api is not None else OllamaApi()
        self._options = options if options is not None else ModelManagementOptions.defaults()
        self._client: Any = ollama_client
        self._owns_client = ollama_client is None
        try:
            for model in self._options.additional_models:
                self.pull_model(model)
        except BaseException:
            self.close()
            raise

    def _sdk_client(self) -> Any:
        if self._client is None:
            self._client = self._api.new_client(False)
        return self._client

    def is_model_available(self, model_name: str) -> bool:
        """Whether the server lists ``model_name`` (``GET /api/tags``)."""
        _assert.has_text(model_name, "modelName must not be empty")
        listed = self._sdk_client().list()
        wanted = _normalize(model_name)
        return any(model.model == wanted for model in listed.models or ())

    def delete_model(self, model_name: str) -> None:
        """Delete ``model_name`` from the server, if it has it."""
        logger.info("Start deletion of model: %s", model_name)
        if not self.is_model_available(model_name):
            logger.info("Model %s not found", model_name)
            return
        self._sdk_client().delete(model_name)
        logger.info("Completed deletion of model: %s", model_name)

    def pull_model(
        self, model_name: str, pull_model_strategy: PullModelStrategy | None = None
    ) -> None:
        """Pull ``model_name`` with ``pull_model_strategy`` (default: the options').

        ``NEVER`` does nothing; ``WHEN_MISSING`` pulls only a model the server does not
        list. The pull's progress is logged as its status changes; it must report
        ``success`` within the options' ``timeout`` (else ``httpx.ReadTimeout``) and is
        tried ``max_retries`` more times after a failure. A ``RuntimeError`` when the
        server still does not list the model afterwards.
        """
        strategy = (
            pull_model_strategy
            if pull_model_strategy is not None
            else self._options.pull_model_strategy
        )
        if strategy is PullModelStrategy.NEVER:
            return
        if strategy is PullModelStrategy.WHEN_MISSING and self.is_model_available(model_name):
            logger.debug("Model '%s' already available. Skipping pull operation.", model_name)
            return
        logger.info("Start pulling model: %s", model_name)
        attempt = 0
        while True:
            try:
                self._pull_once(model_name)
                break
            except Exception:
                if attempt >= self._options.max_retries:
                    raise
                time.sleep(PULL_RETRY_BACKOFF * 2**attempt)
                attempt += 1
        _assert.state(
            self.is_model_available(model_name),
            f"Failed to pull model '{model_name}'. Ollama does not report the model as "
            "available after the pull operation completed.",
        )
        logger.info("Completed pulling the '%s' model", model_name)

    def _pull_once(self, model_name: str) -> None:
        seconds = self._options.timeout.total_seconds()
        with Exchange(seconds, "the pull timeout").sending():
            last_status: str | None = None
            for progress in self._sdk_client().pull(model_name, stream=True):
                status = progress.status
                if status != last_status:
                    logger.info("Pulling the '%s' model - Status: %s", model_name, status)
                    last_status = status
                if status == "success":
                    return

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the SDK client this manager created (not one passed in)."""
        if not self._owns_client:
            return
        client, self._client = self._client, None
        if client is not None:
            client.close()


def initialize_model(
    api: OllamaApi, options: ModelManagementOptions, model: str, client: ollama.Client | None
) -> None:
    """What Spring's chat and embedding models do when built: unless the strategy is
    ``NEVER``, pull the additional models and ``model`` with it."""
    if options.pull_model_strategy is PullModelStrategy.NEVER:
        return
    manager = OllamaModelManager(api, options, client)
    try:
        manager.pull_model(model, options.pull_model_strategy)
    finally:
        manager.close()


def _normalize(model_name: str) -> str:
    name = model_name.strip()
    return name if ":" in name else f"{name}:latest"
