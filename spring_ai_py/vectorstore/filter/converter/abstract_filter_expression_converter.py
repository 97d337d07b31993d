"""The skeleton most filter converters share: walk the tree, let subclasses spell it."""

from __future__ import annotations

import datetime
import json
import re
from abc import abstractmethod
from typing import Any

from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Group,
    Key,
    Operand,
    Value,
)
from spring_ai_py.vectorstore.filter.filter_expression_converter import FilterExpressionConverter
from spring_ai_py.vectorstore.filter.filter_helper import FilterHelper

_UNARY_OR_BOOLEAN = (
    ExpressionType.NOT,
    ExpressionType.AND,
    ExpressionType.OR,
    ExpressionType.ISNULL,
    ExpressionType.ISNOTNULL,
)
_LUCENE_SPECIAL = frozenset('+-=!(){}[]^"~*?:\\/&|<> \t\n\r\u3000')


class AbstractFilterExpressionConverter(FilterExpressionConverter):
    """Converts an expression by walking it; subclasses write each piece.

    The walk appends text to ``context``, a ``list[str]`` buffer (Java's
    ``StringBuilder``). Subclasses implement :meth:`do_expression`, :meth:`do_key` and
    :meth:`do_single_value`, and may override the group and value-list hooks. ``NOT``
    is rewritten away with :meth:`FilterHelper.negate` unless :meth:`do_not` is
    overridden. Every value passes through :meth:`normalize_date_string` first, so a
    string such as ``"2024-01-15T10:30:00Z"`` reaches :meth:`do_single_value` as an
    aware UTC ``datetime``, as Spring turns it into a ``Date``.
    """

    ISO_DATE_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z")
    """ISO-8601 UTC date strings that are normalised to dates before conversion."""

    def convert_expression(self, expression: Expression) -> str:
        return self.convert_operand(expression)

    def convert_operand(self, operand: Operand, context: list[str] | None = None) -> str:
        """Append ``operand``'s conversion to ``context`` (a fresh buffer when omitted)
        and return the buffer's text."""
        buffer: list[str] = [] if context is None else context
        if isinstance(operand, Group):
            self.do_group(operand, buffer)
        elif isinstance(operand, Key):
            self.do_key(operand, buffer)
        elif isinstance(operand, Value):
            self.do_value(operand, buffer)
        elif isinstance(operand, Expression):
            if operand.type not in _UNARY_OR_BOOLEAN and not isinstance(operand.right, Value):
                raise RuntimeError(
                    "Non AND/OR/ISNULL/ISNOTNULL expression must have Value right argument!"
                )
            if operand.type is ExpressionType.NOT:
                self.do_not(operand, buffer)
            else:
                self.do_expression(operand, buffer)
        return "".join(buffer)

    def do_not(self, expression: Expression, context: list[str]) -> None:
        """``NOT e`` by default becomes the equivalent expression without ``NOT``."""
        self.convert_operand(FilterHelper.negate(expression), context)

    @abstractmethod
    def do_expression(self, expression: Expression, context: list[str]) -> None:
        """Append a (non-``NOT``) expression."""

    @abstractmethod
    def do_key(self, filter_key: Key, context: list[str]) -> None:
        """Append a metadata key."""

    def do_value(self, filter_value: Value, context: list[str]) -> None:
        """Append a value: a list between the value-range hooks, else a single value."""
        value = filter_value.value
        if isinstance(value, list | tuple):
            self.do_start_value_range(filter_value, context)
            for index, item in enumerate(value):
                self.do_single_value(self.normalize_date_string(item), context)
                if index < len(value) - 1:
                    self.do_add_value_range_spitter(filter_value, context)
            self.do_end_value_range(filter_value, context)
        else:
            self.do_single_value(self.normalize_date_string(value), context)

    @staticmethod
    def normalize_date_string(value: Any) -> Any:
        """A string matching :attr:`ISO_DATE_PATTERN` as an aware UTC ``datetime``
        (millisecond precision, as Spring parses it); anything else unchanged.
        ``ValueError`` (``Invalid date type: ...``) for a date string Spring cannot
        parse (a fraction that is not three digits)."""
        if not isinstance(value, str):
            return value
        if not AbstractFilterExpressionConverter.ISO_DATE_PATTERN.fullmatch(value):
            return value
        try:
            seconds, _, fraction = value[:-1].partition(".")
            if fraction and len(fraction) != 3:
                raise ValueError(value)
            parsed = datetime.datetime.strptime(seconds, "%Y-%m-%dT%H:%M:%S")
            micros = int(fraction) * 1000 if fraction else 0
            return parsed.replace(microsecond=micros, tzinfo=datetime.UTC)
        except ValueError as error:
            raise ValueError(f"Invalid date type: {value}") from error

    @staticmethod
    def format_date(value: datetime.date) -> str:
        """A date as Spring formats one: UTC ``yyyy-MM-ddTHH:mm:ss.SSSZ`` (a naive
        ``datetime`` is taken as UTC; a plain ``date`` as its midnight)."""
        if not isinstance(value, datetime.datetime):
            value = datetime.datetime(value.year, value.month, value.day)
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.UTC)
        value = value.astimezone(datetime.UTC)
        return value.strftime("%Y-%m-%dT%H:%M:%S.") + f"{value.microsecond // 1000:03d}Z"

    @abstractmethod
    def do_single_value(self, value: Any, context: list[str]) -> None:
        """Append one value (a string, number, boolean, ``None`` or date)."""

    @staticmethod
    def emit_lucene_string(value: str, context: list[str]) -> None:
        """Append ``value`` with Lucene query-string special characters backslash-escaped."""
        context.append("".join("\\" + c if c in _LUCENE_SPECIAL else c for c in value))

    @staticmethod
    def emit_json_value(value: Any, context: list[str]) -> None:
        """Append ``value`` as JSON (strings quoted and escaped, dates in Spring's ISO
        form). ``RuntimeError`` for a value JSON cannot represent."""
        try:
            context.append(json.dumps(value, ensure_ascii=False, default=_json_default))
        except (TypeError, ValueError) as error:
            raise RuntimeError("Error serializing value to JSON.") from error

    def do_group(self, group: Group, context: list[str]) -> None:
        """Write ``group``'s content in parentheses."""
        self.do_start_group(group, context)
        self.convert_operand(group.content, context)
        self.do_end_group(group, context)

    def do_start_group(self, group: Group, context: list[str]) -> None:
        """Hook before a group's content (nothing by default)."""

    def do_end_group(self, group: Group, context: list[str]) -> None:
        """Hook after a group's content (nothing by default)."""

    def do_start_value_range(self, list_value: Value, context: list[str]) -> None:
        """Write what opens a list value (``[`` by default)."""
        context.append("[")

    def do_end_value_range(self, list_value: Value, context: list[str]) -> None:
        """Write what closes a list value (``]`` by default)."""
        context.append("]")

    def do_add_value_range_spitter(self, list_value: Value, context: list[str]) -> None:
        """The separator between list values (Spring's spelling, kept)."""
        context.append(",")

    @staticmethod
    def has_outer_quotes(text: str) -> bool:
        text = text.strip()
        return len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'"

    @staticmethod
    def remove_outer_quotes(text: str) -> str:
        """``text`` without its first and last character (the quotes :meth:`has_outer_quotes` found).
"""
        return text[1:-1]


def _json_default(value: object) -> object:
    if isinstance(value, datetime.date):
        return AbstractFilterExpressionConverter.format_date(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
