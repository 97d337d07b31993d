"""``org.springframework.ai.ollama.api``: the model names and the ``think`` option of
Ollama's chat API, and the connection to an Ollama server (Spring's ``OllamaApi``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable
from spring_ai_py._field_types import check_field_types
from spring_ai_py._sanitize import mask_url_passwords
from spring_ai_py.model.provider import masked_headers

if TYPE_CHECKING:
    import ollama

__all__ = [
    "DEFAULT_BASE_URL",
    "PROVIDER_NAME",
    "OllamaApi",
    "OllamaModel",
    "ThinkBoolean",
    "ThinkLevel",
    "ThinkOption",
]

DEFAULT_BASE_URL = "http://localhost:11434"
"""Where an Ollama server listens by default (Spring's ``OllamaApiConstants.DEFAULT_BASE_URL``)."""

PROVIDER_NAME = "ollama"
"""The provider's name on spans and metrics (``gen_ai.provider.name``)."""

_EXTRA_MESSAGE = "the Ollama models need the ollama SDK: pip install 'spring_ai_py[ollama]'"


def import_sdk() -> Any:
    """The ``ollama`` SDK module, imported on first use; without it an ``ImportError``
    naming the ``ollama`` extra."""
    try:
        import ollama
    except ImportError as error:
        raise ImportError(_EXTRA_MESSAGE) from error
    return ollama


class OllamaModel(enum.Enum):
    """Spring's ``OllamaModel``: well-known models of the Ollama library, by their id.

    Any other model name (a tag such as ``llama3.2:1b``, a Hugging Face model) is given
    as a plain string wherever a model is expected.
    """

    QWEN_2_5_3B = "qwen2.5:3b"
    QWEN_2_5_7B = "qwen2.5"
    QWEN2_5_VL = "qwen2.5vl"
    QWEN3_7B = "qwen3:7b"
    QWEN3_4B = "qwen3:4b"
    QWEN3_4B_THINKING = "qwen3:4b-thinking"
    QWEN_3_1_7_B = "qwen3:1.7b"
    QWEN_3_06B = "qwen3:0.6b"
    QWQ = "qwq"
    LLAMA2 = "llama2"
    LLAMA3 = "llama3"
    LLAMA3_1 = "llama3.1"
    LLAMA3_2 = "llama3.2"
    LLAMA3_2_1B = "llama3.2:1b"
    LLAMA3_2_3B = "llama3.2:3b"
    MISTRAL = "mistral"
    MISTRAL_NEMO = "mistral-nemo"
    MOONDREAM = "moondream"
    DOLPHIN_PHI = "dolphin-phi"
    PHI = "phi"
    PHI3 = "phi3"
    NEURAL_CHAT = "neural-chat"
    STARLING_LM = "starling-lm"
    CODELLAMA = "codellama"
    ORCA_MINI = "orca-mini"
    LLAVA = "llava"
    GEMMA = "gemma"
    GEMMA3 = "gemma3"
    LLAMA2_UNCENSORED = "llama2-uncensored"
    NOMIC_EMBED_TEXT = "nomic-embed-text"
    MXBAI_EMBED_LARGE = "mxbai-embed-large"
    QWEN3_EMBED_8B = "qwen3-embedding:8b"

    def id(self) -> str:
        """The model's name on the Ollama API."""
        return str(self.value)

    def get_name(self) -> str:
        return str(self.value)


class ThinkOption:
    """Spring's ``ThinkOption``: the request's ``think`` field, a boolean
    (:class:`ThinkBoolean`) or a level (:class:`ThinkLevel`, for models such as GPT-OSS).

    :meth:`from_json_value` reads the wire value back (``True``/``False``/``"low"``/...).
    """

    __slots__ = ()

    def to_json_value(self) -> bool | str:
        """The value sent as the request's ``think`` field."""
        raise NotImplementedError

    @staticmethod
    def from_json_value(value: object) -> ThinkOption | None:
        """The option of a wire value: ``True``/``False`` are :class:`ThinkBoolean`, a
        string a :class:`ThinkLevel`, ``None`` none; anything else is a ``ValueError``."""
        if value is None:
            return None
        if isinstance(value, bool):
            return ThinkBoolean.ENABLED if value else ThinkBoolean.DISABLED
        if isinstance(value, str):
            return ThinkLevel(value)
        raise ValueError(f"Cannot deserialize ThinkOption from value: {value!r:.80}")


@dataclass(frozen=True)
class ThinkBoolean(ThinkOption):
    """Thinking on or off (``"think": true`` / ``"think": false``)."""

    ENABLED: ClassVar[ThinkBoolean]
    DISABLED: ClassVar[ThinkBoolean]

    enabled: bool

    def __post_init__(self) -> None:
        if not isinstance(self.enabled, bool):
            raise TypeError(f"enabled must be a bool, got {type(self.enabled).__name__}")

    def to_json_value(self) -> bool:
        return self.enabled


ThinkBoolean.ENABLED = ThinkBoolean(True)
ThinkBoolean.DISABLED = ThinkBoolean(False)


@dataclass(frozen=True)
class ThinkLevel(ThinkOption):
    """A thinking level, ``"low"``, ``"medium"`` or ``"high"`` (``"think": "high"``)."""

    VALID_LEVELS: ClassVar[tuple[str, ...]] = ("low", "medium", "high")
    LOW: ClassVar[ThinkLevel]
    MEDIUM: ClassVar[ThinkLevel]
    HIGH: ClassVar[ThinkLevel]

    level: str

    def __post_init__(self) -> None:
        if self.level not in self.VALID_LEVELS:
            raise ValueError(
                f"think level must be one of [low, medium, high], got: {self.level!s:.80}"
            )

    def to_json_value(self) -> str:
        return self.level


ThinkLevel.LOW = ThinkLevel("low")
ThinkLevel.MEDIUM = ThinkLevel("medium")
ThinkLevel.HIGH = ThinkLevel("high")


@dataclass(frozen=True, kw_only=True, repr=False)
class OllamaApi(Buildable):
    """Spring's ``OllamaApi``: where an Ollama server is and how to talk to it.

    ``base_url`` defaults to ``http://localhost:11434``; ``timeout`` (seconds or a
    ``timedelta``; default :attr:`DEFAULT_TIMEOUT`) bounds each read of an answer;
    ``custom_headers`` go with every request (an ``Authorization`` header for a server
    behind a proxy, never shown by ``repr``). ``max_retries`` (default 0) is how many
    times a chat call is sent again after a transient failure (a ``5xx`` or ``429``
    answer, or a connection that could not be made), waiting ``retry_backoff`` seconds
    before the first retry and twice as long before each next one, as Spring's
    ``RetryTemplate`` retries ``OllamaChatModel.call``; streams are not retried.
    :meth:`new_client` builds the official SDK's client.
    """

    DEFAULT_TIMEOUT: ClassVar[float] = 300.0
    """Local models may take minutes to load before they answer."""

    base_url: str = DEFAULT_BASE_URL
    timeout: float | None = None
    custom_headers: dict[str, str] | None = None
    max_retries: int = 0
    retry_backoff: float = 1.0

    def __post_init__(self) -> None:
        if not isinstance(self.base_url, str) or not self.base_url.strip():
            raise ValueError("base_url must not be empty")
        if isinstance(self.timeout, timedelta):
            object.__setattr__(self, "timeout", self.timeout.total_seconds())
        timeout = self.timeout
        if timeout is not None:
            if isinstance(timeout, bool) or not isinstance(timeout, int | float):
                raise TypeError(
                    "timeout must be a number of seconds or a timedelta, "
                    f"got {type(timeout).__name__}: {timeout!r:.80}"
                )
            if timeout <= 0:
                raise ValueError("timeout must be positive")
        check_field_types(self, frozenset({"timeout"}))
        if self.max_retries < 0:
            raise ValueError("max_retries must not be negative")
        if self.retry_backoff < 0:
            raise ValueError("retry_backoff must not be negative")

    def get_base_url(self) -> str:
        return self.base_url

    def new_client(self, asynchronous: bool) -> ollama.Client | ollama.AsyncClient:
        """A new client of the official ``ollama`` SDK for this server; every answer it
        reads is bounded by the exchange (call or stream limits) it was sent in."""
        from spring_ai_py.model._wire_limits import response_hooks

        sdk = import_sdk()
        factory = sdk.AsyncClient if asynchronous else sdk.Client
        client: ollama.Client | ollama.AsyncClient = factory(
            host=self.base_url,
            timeout=self.timeout if self.timeout is not None else self.DEFAULT_TIMEOUT,
            headers=dict(self.custom_headers) if self.custom_headers else None,
            event_hooks=response_hooks(asynchronous),
        )
        return client

    def __repr__(self) -> str:
        headers = (
            f", custom_headers={masked_headers(self.custom_headers)!r}"
            if self.custom_headers
            else ""
        )
        return f"OllamaApi(base_url={mask_url_passwords(self.base_url)!r}{headers})"

    # --- generated builder ---
    class Builder(_builder.Builder["OllamaApi"]):
        """The builder of :class:`OllamaApi`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def base_url(self, base_url: str, /) -> Self:
            return self._set("base_url", (base_url,))

        def timeout(self, timeout: float | None, /) -> Self:
            return self._set("timeout", (timeout,))

        def custom_headers(self, custom_headers: dict[str, str] | None, /) -> Self:
            return self._set("custom_headers", (custom_headers,))

        def max_retries(self, max_retries: int, /) -> Self:
            return self._set("max_retries", (max_retries,))

        def retry_backoff(self, retry_backoff: float, /) -> Self:
            return self._set("retry_backoff", (retry_backoff,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OllamaApi: ...

    @classmethod
    def builder(cls) -> OllamaApi.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OllamaApi.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
