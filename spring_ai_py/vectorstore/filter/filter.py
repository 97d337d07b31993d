"""The portable filter expression tree that every vector store translates.

An expression compares a metadata :class:`Key` with a :class:`Value` (``EQ``, ``NE``,
``GT``, ``GTE``, ``LT``, ``LTE``, ``IN``, ``NIN``), tests a key for ``ISNULL`` /
``ISNOTNULL``, or combines expressions with ``AND``, ``OR`` and ``NOT``. A
:class:`Group` marks explicit parentheses.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class ExpressionType(enum.Enum):
    """The operator of a filter expression."""

    AND = "AND"
    OR = "OR"
    EQ = "EQ"
    NE = "NE"
    GT = "GT"
    GTE = "GTE"
    LT = "LT"
    LTE = "LTE"
    IN = "IN"
    NIN = "NIN"
    NOT = "NOT"
    ISNULL = "ISNULL"
    ISNOTNULL = "ISNOTNULL"


class Operand:
    """Anything that can stand on either side of an expression."""

    __slots__ = ()


@dataclass(frozen=True)
class Key(Operand):
    """A metadata key (possibly dotted, possibly quoted)."""

    key: str


def _hashable(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_hashable(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    return value


@dataclass(frozen=True)
class Value(Operand):
    """A constant: a string, number, boolean, ``None``, a date, or a list of those (for
    ``IN`` / ``NIN``)."""

    value: Any

    def __hash__(self) -> int:
        return hash(_hashable(self.value))


@dataclass(frozen=True)
class Expression(Operand):
    """``left <type> right``; the unary ``NOT``, ``ISNULL`` and ``ISNOTNULL`` leave
    ``right`` as ``None``."""

    type: ExpressionType
    left: Operand
    right: Operand | None = None


@dataclass(frozen=True)
class Group(Operand):
    """Parentheses around an expression, so it binds before its neighbours."""

    content: Expression


class Filter:
    """Namespace mirroring Spring's ``Filter``: ``Filter.Expression``, ``Filter.Key``,
    ``Filter.Value``, ``Filter.Group``, ``Filter.Operand``, ``Filter.ExpressionType``."""

    ExpressionType = ExpressionType
    Operand = Operand
    Key = Key
    Value = Value
    Expression = Expression
    Group = Group
