"""Options of the Ollama chat model: Ollama's runtime options and the request fields."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py.model._wire_limits import LIMIT_FIELDS, check_limits
from spring_ai_py.model.option_fields import option, request_values
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions
from spring_ai_py.model.tool.tool_calling_chat_options import (
    ToolCallingChatOptions,
    ToolCallingChatOptionsBuilder,
)
from spring_ai_py.ollama.api import OllamaModel, ThinkBoolean, ThinkLevel, ThinkOption

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["OllamaChatOptions", "OllamaChatOptionsBuilder"]


def _parse_schema(schema: str) -> dict[str, Any]:
    try:
        parsed = json.loads(schema)
    except ValueError as error:
        raise ValueError(f"output_schema must be a JSON schema object: {error}") from error
    if not isinstance(parsed, dict):
        raise ValueError(f"output_schema must be a JSON schema object, got {schema!r:.80}")
    return parsed


class OllamaChatOptionsBuilder(ToolCallingChatOptionsBuilder):
    """The builder of :class:`OllamaChatOptions`, with Spring's special setters:
    ``model`` also takes an :class:`OllamaModel`; ``num_predict`` is ``max_tokens`` and
    ``stop`` is ``stop_sequences``; ``enable_thinking()``, ``disable_thinking()``,
    ``think_low()``, ``think_medium()`` and ``think_high()`` set ``think_option``."""

    __slots__ = ()

    def model(self, model: OllamaModel | str | None, /) -> Self:
        self._values["model"] = model.id() if isinstance(model, OllamaModel) else model
        return self

    def enable_thinking(self) -> Self:
        self._values["think_option"] = ThinkBoolean.ENABLED
        return self

    def disable_thinking(self) -> Self:
        self._values["think_option"] = ThinkBoolean.DISABLED
        return self

    def think_low(self) -> Self:
        self._values["think_option"] = ThinkLevel.LOW
        return self

    def think_medium(self) -> Self:
        self._values["think_option"] = ThinkLevel.MEDIUM
        return self

    def think_high(self) -> Self:
        self._values["think_option"] = ThinkLevel.HIGH
        return self


@dataclass(frozen=True, kw_only=True, repr=False)
class OllamaChatOptions(ToolCallingChatOptions, StructuredOutputChatOptions):
    """Options of :class:`~spring_ai_py.ollama.OllamaChatModel` (Spring's ``OllamaChatOptions``).

    The runtime options of Ollama's ``/api/chat`` (``options`` in the request, each
    under the JSON name its field declares: ``use_numa`` is ``numa``, ``max_tokens`` is
    ``num_predict``, ``stop_sequences`` is ``stop``), and the request fields
    ``model``, ``format`` (``"json"`` or a JSON schema as a dict), ``keep_alive`` (how
    long the model stays loaded: ``"5m"``, ``"-1"``...), ``truncate`` and
    ``think_option`` (the ``think`` field). ``None`` means "not set": only the fields a
    user set are sent, and runtime options override the model's defaults field by
    field. Without a model the request uses :attr:`DEFAULT_MODEL` (``mistral``, as in
    Spring).

    Each runtime option and request field above is also the property
    ``spring.ai.ollama.chat.<name>``
    (``num-predict``, ``stop`` and ``think`` for ``max_tokens``, ``stop_sequences`` and
    ``think_option``), whose bound value must keep the range the field declares
    (``top_p`` within 0..1...); options built in code accept any value of their type.

    Native structured output: ``output_schema`` (a JSON schema string, given by the
    ChatClient's ``.entity(...)`` with native structured output) becomes ``format``, as
    Spring's ``outputSchema(...)`` sets it (so ``output_schema`` itself reads ``None``);
    :meth:`get_output_schema` returns ``format`` as JSON (a plain ``"json"`` as is). A
    schema that is not a JSON object is a ``ValueError`` naming ``output_schema``.

    Beyond Spring: ``call_timeout``, ``stream_total_timeout`` and
    ``stream_idle_timeout`` (seconds or a ``timedelta``) bound a whole call, a whole
    stream and the time between two stream chunks, and ``max_answer_bytes`` the size
    of an answer (defaults: the ``DEFAULT_*`` class attributes), also per request.
    """

    DEFAULT_MODEL: ClassVar[str] = OllamaModel.MISTRAL.id()
    DEFAULT_CALL_TIMEOUT: ClassVar[float] = 600.0
    DEFAULT_STREAM_IDLE_TIMEOUT: ClassVar[float] = 300.0
    DEFAULT_STREAM_TOTAL_TIMEOUT: ClassVar[float] = 1800.0
    DEFAULT_MAX_ANSWER_BYTES: ClassVar[int] = 64 * 1024 * 1024

    _builder_aliases: ClassVar[dict[str, str]] = {
        "num_predict": "max_tokens",
        "stop": "stop_sequences",
    }
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset({"format", *LIMIT_FIELDS})

    # Each option declared once: its property (spring.ai.ollama.chat.<name>, bounds
    # checked when bound) and its JSON name in the request's ``options`` object; the
    # request fields beside ``options`` say sent=False (the request writes them).
    model: str | None = option(sent=False)
    frequency_penalty: float | None = option()
    max_tokens: int | None = option(property="num_predict", wire="num_predict", ge=-2)
    presence_penalty: float | None = option()
    stop_sequences: list[str] | None = option(property="stop", wire="stop")
    temperature: float | None = option(ge=0)
    top_k: int | None = option(ge=0)
    top_p: float | None = option(ge=0, le=1)
    # Options that must be set when the model is loaded into memory.
    use_numa: bool | None = option(wire="numa")
    num_ctx: int | None = option(gt=0)
    num_batch: int | None = option(gt=0)
    num_gpu: int | None = option()
    main_gpu: int | None = option(ge=0)
    low_vram: bool | None = option()
    f16_kv: bool | None = option()
    logits_all: bool | None = option()
    vocab_only: bool | None = option()
    use_mmap: bool | None = option()
    use_mlock: bool | None = option()
    num_thread: int | None = option(ge=0)
    # Predict options, used at run time.
    num_keep: int | None = option()
    seed: int | None = option()
    min_p: float | None = option(ge=0, le=1)
    tfs_z: float | None = option()
    typical_p: float | None = option(ge=0, le=1)
    repeat_last_n: int | None = option(ge=-1)
    repeat_penalty: float | None = option()
    mirostat: int | None = option(ge=0, le=2)
    mirostat_tau: float | None = option()
    mirostat_eta: float | None = option()
    penalize_newline: bool | None = option()
    # Fields of the request, not of its options.
    format: str | dict[str, Any] | None = option(sent=False, bind_as="str | None")
    keep_alive: str | None = option(sent=False)
    truncate: bool | None = option(sent=False)
    think_option: ThinkOption | None = option(
        property="think", sent=False, bind_as="ThinkProperty | None"
    )
    # Beyond Spring: bounds of one exchange.
    call_timeout: float | None = None
    stream_idle_timeout: float | None = None
    stream_total_timeout: float | None = None
    max_answer_bytes: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        check_limits(self)
        if self.format is not None and not isinstance(self.format, str | dict):
            raise TypeError(
                "format must be a string ('json') or a JSON schema dict, "
                f"got {type(self.format).__name__}: {self.format!r:.80}"
            )
        if self.output_schema is not None:
            # As Spring's outputSchema(): the schema becomes the request's format.
            object.__setattr__(self, "format", _parse_schema(self.output_schema))
            object.__setattr__(self, "output_schema", None)

    def get_model(self) -> str | None:
        return self.model

    def get_num_predict(self) -> int | None:
        return self.max_tokens

    def get_stop(self) -> list[str] | None:
        return self.get_stop_sequences()

    def get_use_numa(self) -> bool | None:
        return self.use_numa

    def get_num_ctx(self) -> int | None:
        return self.num_ctx

    def get_num_batch(self) -> int | None:
        return self.num_batch

    def get_num_gpu(self) -> int | None:
        return self.num_gpu

    def get_main_gpu(self) -> int | None:
        return self.main_gpu

    def get_low_vram(self) -> bool | None:
        return self.low_vram

    def get_f16_kv(self) -> bool | None:
        return self.f16_kv

    def get_logits_all(self) -> bool | None:
        return self.logits_all

    def get_vocab_only(self) -> bool | None:
        return self.vocab_only

    def get_use_mmap(self) -> bool | None:
        return self.use_mmap

    def get_use_mlock(self) -> bool | None:
        return self.use_mlock

    def get_num_thread(self) -> int | None:
        return self.num_thread

    def get_num_keep(self) -> int | None:
        return self.num_keep

    def get_seed(self) -> int | None:
        return self.seed

    def get_min_p(self) -> float | None:
        return self.min_p

    def get_tfs_z(self) -> float | None:
        return self.tfs_z

    def get_typical_p(self) -> float | None:
        return self.typical_p

    def get_repeat_last_n(self) -> int | None:
        return self.repeat_last_n

    def get_repeat_penalty(self) -> float | None:
        return self.repeat_penalty

    def get_mirostat(self) -> int | None:
        return self.mirostat

    def get_mirostat_tau(self) -> float | None:
        return self.mirostat_tau

    def get_mirostat_eta(self) -> float | None:
        return self.mirostat_eta

    def get_penalize_newline(self) -> bool | None:
        return self.penalize_newline

    def get_format(self) -> str | dict[str, Any] | None:
        # A copy of a schema: changing it does not change these (immutable) options.
        return dict(self.format) if isinstance(self.format, dict) else self.format

    def get_keep_alive(self) -> str | None:
        return self.keep_alive

    def get_truncate(self) -> bool | None:
        return self.truncate

    def get_think_option(self) -> ThinkOption | None:
        return self.think_option

    def get_output_schema(self) -> str | None:
        """The JSON schema of native structured output: ``format`` as JSON (a string
        format such as ``"json"`` as is), or ``None``."""
        if self.format is None or isinstance(self.format, str):
            return self.format
        return json.dumps(self.format, separators=(",", ":"))

    def to_map(self) -> dict[str, Any]:
        """Spring's ``toMap()``: the set runtime options under their JSON names, and
        ``model``, ``format``, ``keep_alive`` and ``truncate`` when set."""
        values: dict[str, Any] = request_values(self)
        for name in ("model", "format", "keep_alive", "truncate"):
            value = getattr(self, name)
            if value is not None:
                values[name] = value
        return values

    @staticmethod
    def filter_non_supported_fields(options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` without the request fields that are not runtime options
        (``model``, ``format``, ``keep_alive``, ``truncate``)."""
        return {
            name: value
            for name, value in options.items()
            if name not in ("model", "format", "keep_alive", "truncate")
        }

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self._set_fields().items())
        return f"OllamaChatOptions({shown})"

    # --- generated builder (base: OllamaChatOptionsBuilder) ---
    class Builder(OllamaChatOptionsBuilder, ToolCallingChatOptions.Builder, StructuredOutputChatOptions.Builder):
        """The builder of :class:`OllamaChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def use_numa(self, use_numa: bool | None, /) -> Self:
            return self._set("use_numa", (use_numa,))

        def num_ctx(self, num_ctx: int | None, /) -> Self:
            return self._set("num_ctx", (num_ctx,))

        def num_batch(self, num_batch: int | None, /) -> Self:
            return self._set("num_batch", (num_batch,))

        def num_gpu(self, num_gpu: int | None, /) -> Self:
            return self._set("num_gpu", (num_gpu,))

        def main_gpu(self, main_gpu: int | None, /) -> Self:
            return self._set("main_gpu", (main_gpu,))

        def low_vram(self, low_vram: bool | None, /) -> Self:
            return self._set("low_vram", (low_vram,))

        def f16_kv(self, f16_kv: bool | None, /) -> Self:
            return self._set("f16_kv", (f16_kv,))

        def logits_all(self, logits_all: bool | None, /) -> Self:
            return self._set("logits_all", (logits_all,))

        def vocab_only(self, vocab_only: bool | None, /) -> Self:
            return self._set("vocab_only", (vocab_only,))

        def use_mmap(self, use_mmap: bool | None, /) -> Self:
            return self._set("use_mmap", (use_mmap,))

        def use_mlock(self, use_mlock: bool | None, /) -> Self:
            return self._set("use_mlock", (use_mlock,))

        def num_thread(self, num_thread: int | None, /) -> Self:
            return self._set("num_thread", (num_thread,))

        def num_keep(self, num_keep: int | None, /) -> Self:
            return self._set("num_keep", (num_keep,))

        def seed(self, seed: int | None, /) -> Self:
            return self._set("seed", (seed,))

        def min_p(self, min_p: float | None, /) -> Self:
            return self._set("min_p", (min_p,))

        def tfs_z(self, tfs_z: float | None, /) -> Self:
            return self._set("tfs_z", (tfs_z,))

        def typical_p(self, typical_p: float | None, /) -> Self:
            return self._set("typical_p", (typical_p,))

        def repeat_last_n(self, repeat_last_n: int | None, /) -> Self:
            return self._set("repeat_last_n", (repeat_last_n,))

        def repeat_penalty(self, repeat_penalty: float | None, /) -> Self:
            return self._set("repeat_penalty", (repeat_penalty,))

        def mirostat(self, mirostat: int | None, /) -> Self:
            return self._set("mirostat", (mirostat,))

        def mirostat_tau(self, mirostat_tau: float | None, /) -> Self:
            return self._set("mirostat_tau", (mirostat_tau,))

        def mirostat_eta(self, mirostat_eta: float | None, /) -> Self:
            return self._set("mirostat_eta", (mirostat_eta,))

        def penalize_newline(self, penalize_newline: bool | None, /) -> Self:
            return self._set("penalize_newline", (penalize_newline,))

        def format(self, format: str | dict[str, Any] | None, /) -> Self:
            return self._set("format", (format,))

        def keep_alive(self, keep_alive: str | None, /) -> Self:
            return self._set("keep_alive", (keep_alive,))

        def truncate(self, truncate: bool | None, /) -> Self:
            return self._set("truncate", (truncate,))

        def think_option(self, think_option: ThinkOption | None, /) -> Self:
            return self._set("think_option", (think_option,))

        def call_timeout(self, call_timeout: float | None, /) -> Self:
            return self._set("call_timeout", (call_timeout,))

        def stream_idle_timeout(self, stream_idle_timeout: float | None, /) -> Self:
            return self._set("stream_idle_timeout", (stream_idle_timeout,))

        def stream_total_timeout(self, stream_total_timeout: float | None, /) -> Self:
            return self._set("stream_total_timeout", (stream_total_timeout,))

        def max_answer_bytes(self, max_answer_bytes: int | None, /) -> Self:
            return self._set("max_answer_bytes", (max_answer_bytes,))

        def num_predict(self, max_tokens: int | None, /) -> Self:
            return self._set("max_tokens", (max_tokens,))

        def stop(self, stop_sequences: str | list[str] | None, /, *more: str) -> Self:
            return self._set("stop_sequences", (stop_sequences, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OllamaChatOptions: ...

    @classmethod
    def builder(cls) -> OllamaChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OllamaChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
