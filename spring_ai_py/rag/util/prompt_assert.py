"""Argument checks for prompt templates used by the RAG components."""

from __future__ import annotations

from typing import Any

from spring_ai_py import _assert
from spring_ai_py.chat.prompt import PromptTemplate


class PromptAssert:
    """Assertions about prompt templates (Spring's ``PromptAssert``)."""

    def __init__(self) -> None:
        raise NotImplementedError("This is a utility class and cannot be instantiated")

    @staticmethod
    def template_has_required_placeholders(
        prompt_template: PromptTemplate | None, *placeholders: Any
    ) -> None:
        """Raise ``ValueError`` unless the template's text contains every placeholder.

        The check is a plain substring test, so ``"query"`` and ``"{query}"`` both work.
        Placeholders may be given as arguments or as one list; none at all is an error.
        """
        _assert.not_none(prompt_template, "prompt_template cannot be null")
        assert prompt_template is not None
        names: Any = placeholders
        if len(placeholders) == 1 and (
            placeholders[0] is None or isinstance(placeholders[0], list | tuple)
        ):
            names = placeholders[0]
        _assert.not_empty(names, "placeholders cannot be null or empty")
        template = prompt_template.get_template()
        missing = [name for name in names if name not in template]
        if missing:
            raise ValueError(
                "The following placeholders must be present in the prompt template: "
                + ",".join(missing)
            )
