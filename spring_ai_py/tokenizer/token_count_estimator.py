"""Token counting: the estimator contract and its BPE implementation."""

from __future__ import annotations

import base64
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from spring_ai_py.content.content import MediaContent
from spring_ai_py.content.media import Media
from spring_ai_py.tokenizer.encoding import EncodingType, encode


@runtime_checkable
class _TextAndMedia(Protocol):
    """What the estimator reads of a message: any object with text and media counts."""

    def get_text(self) -> str | None: ...

    def get_media(self) -> list[Media] | Media | None: ...


class TokenCountEstimator(ABC):
    """Estimates how many tokens a text (or a message with media) takes."""

    @abstractmethod
    def estimate(self, text: str | MediaContent | Iterable[MediaContent] | None) -> int:
        """Tokens in a text (``None`` is 0), in one message, or in several messages summed."""


class JTokkitTokenCountEstimator(TokenCountEstimator):
    """Counts tokens with a BPE encoding (``CL100K_BASE`` by default), as Spring's
    JTokkit-based estimator does.

    Text counts its tokens; each media item adds the tokens of its MIME type and of its
    data (a string as is, bytes as their base64 text). Special-token markers such as
    ``<|endoftext|>`` in a text count as plain text.
    """

    def __init__(self, token_encoding_type: EncodingType = EncodingType.CL100K_BASE) -> None:
        if token_encoding_type is None:
            raise ValueError("token_encoding_type must not be null")
        self._encoding_type = token_encoding_type
        encode(token_encoding_type, "")  # load the ranks now: fail fast on an unsupported type

    def estimate(self, text: str | MediaContent | Iterable[MediaContent] | None) -> int:
        if text is None:
            return 0
        if isinstance(text, str):
            return len(encode(self._encoding_type, text))
        if isinstance(text, _TextAndMedia):
            return self._estimate_content(text)
        return sum(self._estimate_content(content) for content in text)

    def _estimate_content(self, content: _TextAndMedia) -> int:
        count = self.estimate(content.get_text())
        media = content.get_media()
        items = [media] if isinstance(media, Media) else list(media or [])
        for item in items:
            count += self.estimate(str(item.get_mime_type()))
            data = item.get_data()
            if isinstance(data, str):
                count += self.estimate(data)
            elif isinstance(data, bytes | bytearray):
                count += self.estimate(base64.b64encode(bytes(data)).decode("ascii"))
        return count
