"""``Evaluator`` and the request and response it works on."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spring_ai_py.document import Document


class EvaluationRequest:
    """What to evaluate: the user's text, the supporting documents and the answer.

    Spring's three constructors, as one::

        EvaluationRequest("question", "answer")
        EvaluationRequest([document, ...], "answer")
        EvaluationRequest("question", [document, ...], "answer")

    ``user_text`` defaults to ``""`` and ``data_list`` to no documents.
    """

    __slots__ = ("_data_list", "_response_content", "_user_text")

    def __init__(
        self,
        user_text: str | Sequence[Document],
        data_list: Sequence[Document] | str | None = None,
        response_content: str | None = None,
    ) -> None:
        if response_content is None and (data_list is None or isinstance(data_list, str)):
            # The two-argument forms: (user_text, response) or (data_list, response).
            response_content, data_list = data_list, None
        if data_list is None:
            if isinstance(user_text, str):
                data_list = []
            else:
                user_text, data_list = "", user_text
        if not isinstance(user_text, str) or isinstance(data_list, str):
            raise TypeError(
                "EvaluationRequest takes (user_text, response_content), "
                "(data_list, response_content) or (user_text, data_list, response_content)"
            )
        self._user_text: str = user_text
        self._data_list: list[Document] = list(data_list)
        self._response_content: str | None = response_content

    def get_user_text(self) -> str:
        return self._user_text

    def get_data_list(self) -> list[Document]:
        return self._data_list

    def get_response_content(self) -> str | None:
        return self._response_content

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EvaluationRequest):
            return NotImplemented
        return (
            self._user_text == other._user_text
            and self._data_list == other._data_list
            and self._response_content == other._response_content
        )

    def __hash__(self) -> int:
        return hash((self._user_text, len(self._data_list), self._response_content))

    def __repr__(self) -> str:
        return (
            f"EvaluationRequest(user_text={self._user_text!r}, data_list={self._data_list!r}, "
            f"response_content={self._response_content!r})"
        )


class EvaluationResponse:
    """The verdict: passed or not, a score, feedback and free-form metadata.

    Spring's two constructors, as one: ``EvaluationResponse(pass_, score, feedback,
    metadata)`` and ``EvaluationResponse(pass_, feedback, metadata)`` (score ``0``).
    ``pass`` is a Python keyword, hence ``pass_``; the getter keeps Java's ``is_pass()``.
    """

    __slots__ = ("_feedback", "_metadata", "_pass", "_score")

    def __init__(
        self,
        pass_: bool,
        score: float | str,
        feedback: str | Mapping[str, Any] | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(score, str):
            # The three-argument form: (pass_, feedback, metadata).
            if metadata is not None:
                raise TypeError("EvaluationResponse(pass_, feedback, metadata) takes no fourth value")
            text: str | Mapping[str, Any] | None = score
            extra: str | Mapping[str, Any] | None = feedback
            value = 0.0
        else:
            text, extra, value = feedback, metadata, float(score)
        if isinstance(text, Mapping) or (extra is not None and not isinstance(extra, Mapping)):
            raise TypeError("EvaluationResponse takes a str feedback and a mapping of metadata")
        self._pass = pass_
        self._score = value
        self._feedback = text if text is not None else ""
        self._metadata: dict[str, Any] = dict(extra) if extra is not None else {}

    def is_pass(self) -> bool:
        return self._pass

    def get_score(self) -> float:
        return self._score

    def get_feedback(self) -> str:
        return self._feedback

    def get_metadata(self) -> dict[str, Any]:
        return self._metadata

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EvaluationResponse):
            return NotImplemented
        return (
            self._pass == other._pass
            and self._score == other._score
            and self._feedback == other._feedback
            and self._metadata == other._metadata
        )

    def __hash__(self) -> int:
        return hash((self._pass, self._score, self._feedback))

    def __repr__(self) -> str:
        return (
            f"EvaluationResponse(pass_={self._pass}, score={self._score}, "
            f"feedback={self._feedback!r}, metadata={self._metadata!r})"
        )


class Evaluator(ABC):
    """Judges one answer: ``evaluate(evaluation_request) -> EvaluationResponse``."""

    @abstractmethod
    def evaluate(self, evaluation_request: EvaluationRequest) -> EvaluationResponse:
        """Evaluate the request's answer."""

    def do_get_supporting_data(self, evaluation_request: EvaluationRequest) -> str:
        """The texts of the request's documents that have text, joined by ``"\\n"``
        (never a platform line separator)."""
        texts = (document.get_text() for document in evaluation_request.get_data_list())
        return "\n".join(text for text in texts if text is not None and text.strip())
