"""Parses Spring AI's portable filter language into a :class:`Filter.Expression`.

Grammar (Spring's ``Filters.g4``; keywords in upper or lower case, not mixed)::

    where      : [WHERE] boolean EOF
    boolean    : identifier ('==' | '!=' | '>' | '>=' | '<' | '<=') constant
               | identifier IN array | identifier (NOT IN | NIN) array
               | identifier IS NULL | identifier IS NOT NULL
               | boolean AND boolean      (AND also '&&'; binds tighter than OR)
               | boolean OR boolean       (OR also '||')
               | '(' boolean ')'
               | NOT boolean              (applies to everything after it)
    array      : '[' constant (',' constant)* ']'
    identifier : NAME | NAME '.' NAME | quoted string
    constant   : [+|-] integer [L] | [+|-] decimal | quoted string | TRUE | FALSE

Strings use single or double quotes, with ``\\`` escaping the quote and the backslash.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NoReturn

from spring_ai_py import _assert
from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Group,
    Key,
    Operand,
    Value,
)


class FilterExpressionParseException(ValueError):
    """A filter text that does not follow the grammar.

    The message names the line and column (0-based, as ANTLR reports them) and the
    problem, e.g. ``Line: 1:17, Error: no viable alternative at input 'NL'`` for
    ``country == NL``. As in Spring, which parses ``"WHERE " + text``, first-line
    columns count that prefix when the text has none; ``position`` is the offset into
    the text itself.
    """

    def __init__(self, message: str, position: int = -1) -> None:
        super().__init__(message)
        self.position = position


class _T(enum.Enum):
    WHERE = "WHERE"
    DOT = "'.'"
    COMMA = "','"
    LBRACKET = "'['"
    RBRACKET = "']'"
    LPAREN = "'('"
    RPAREN = "')'"
    COMPARE = "comparison"
    MINUS = "'-'"
    PLUS = "'+'"
    AND = "AND"
    OR = "OR"
    IN = "IN"
    NIN = "NIN"
    NOT = "NOT"
    IS = "IS"
    NULL = "NULL"
    BOOLEAN = "BOOLEAN_VALUE"
    STRING = "QUOTED_STRING"
    INTEGER = "INTEGER_VALUE"
    DECIMAL = "DECIMAL_VALUE"
    LONG_SUFFIX = "LONG_SUFFIX"
    IDENTIFIER = "IDENTIFIER"
    EOF = "<EOF>"


@dataclass(frozen=True)
class _Token:
    kind: _T
    text: str
    start: int

    def display(self) -> str:
        return "<EOF>" if self.kind is _T.EOF else self.text


_KEYWORDS: dict[str, _T] = {}
for _kind, _words in (
    (_T.WHERE, ("WHERE", "where")),
    (_T.AND, ("AND", "and")),
    (_T.OR, ("OR", "or")),
    (_T.IN, ("IN", "in")),
    (_T.NIN, ("NIN", "nin")),
    (_T.NOT, ("NOT", "not")),
    (_T.IS, ("IS", "is")),
    (_T.NULL, ("NULL", "null")),
    (_T.BOOLEAN, ("TRUE", "true", "FALSE", "false")),
    (_T.LONG_SUFFIX, ("L", "l")),
):
    for _word in _words:
        _KEYWORDS[_word] = _kind

_SYMBOLS: tuple[tuple[str, _T], ...] = (
    ("==", _T.COMPARE),
    ("!=", _T.COMPARE),
    (">=", _T.COMPARE),
    ("<=", _T.COMPARE),
    ("&&", _T.AND),
    ("||", _T.OR),
    (">", _T.COMPARE),
    ("<", _T.COMPARE),
    ("-", _T.MINUS),
    ("+", _T.PLUS),
    ("(", _T.LPAREN),
    (")", _T.RPAREN),
    ("[", _T.LBRACKET),
    ("]", _T.RBRACKET),
    (",", _T.COMMA),
    (".", _T.DOT),
)

_COMPARE_TYPES = {
    "==": ExpressionType.EQ,
    "!=": ExpressionType.NE,
    ">": ExpressionType.GT,
    ">=": ExpressionType.GTE,
    "<": ExpressionType.LT,
    "<=": ExpressionType.LTE,
}


def _is_digit(char: str) -> bool:
    return "0" <= char <= "9"


def _is_letter(char: str) -> bool:
    return ("a" <= char <= "z") or ("A" <= char <= "Z") or char == "_"


def _error(text: str, position: int, message: str, offset: int = 0) -> NoReturn:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1)
    if line == 1:
        # Spring parses "WHERE " + text, so its first-line columns include the prefix
        column += offset
    raise FilterExpressionParseException(f"Line: {line}:{column}, Error: {message}", position)


def _tokenize(text: str, offset: int = 0) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in " \r\n\t":
            i += 1
            continue
        start = i
        if char in "'\"":
            i += 1
            while i < n and text[i] != char:
                i += 2 if text[i] == "\\" else 1
            if i >= n:
                _error(text, start, f"token recognition error at: '{text[start:]}'", offset)
            i += 1
            tokens.append(_Token(_T.STRING, text[start:i], start))
        elif _is_digit(char) or (char == "." and i + 1 < n and _is_digit(text[i + 1])):
            while i < n and _is_digit(text[i]):
                i += 1
            kind = _T.INTEGER
            if i < n and text[i] == ".":
                kind = _T.DECIMAL
                i += 1
                while i < n and _is_digit(text[i]):
                    i += 1
            tokens.append(_Token(kind, text[start:i], start))
        elif _is_letter(char):
            while i < n and (_is_letter(text[i]) or (_is_digit(text[i]))):
                i += 1
            word = text[start:i]
            tokens.append(_Token(_KEYWORDS.get(word, _T.IDENTIFIER), word, start))
        else:
            for symbol, kind in _SYMBOLS:
                if text.startswith(symbol, i):
                    tokens.append(_Token(kind, symbol, start))
                    i += len(symbol)
                    break
            else:
                _error(text, start, f"token recognition error at: '{char}'", offset)
    tokens.append(_Token(_T.EOF, "", n))
    return tokens


def _unescape(quoted: str) -> str:
    quote, body = quoted[0], quoted[1:-1]
    return body.replace("\\" + quote, quote).replace("\\\\", "\\")


def cast_to_expression(operand: Operand) -> Expression:
    """Unwrap a top-level :class:`Group`; anything else but an expression is an error."""
    if isinstance(operand, Group):
        return operand.content
    if isinstance(operand, Expression):
        return operand
    raise RuntimeError(f"Invalid expression: {operand}")


class _Parser:
    """Recursive descent over the token list; one instance per parse."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._offset = 0 if text.upper().startswith("WHERE") else len("WHERE ")
        self._tokens = _tokenize(text, self._offset)
        self._pos = 0

    def _peek(self) -> _Token:
        return self._tokens[self._pos]

    def _next(self) -> _Token:
        token = self._tokens[self._pos]
        if token.kind is not _T.EOF:
            self._pos += 1
        return token

    def _expect(self, kind: _T, expecting: str) -> _Token:
        token = self._peek()
        if token.kind is not kind:
            self._fail(token, f"mismatched input '{token.display()}' expecting {expecting}")
        return self._next()

    def _fail(self, token: _Token, message: str) -> NoReturn:
        _error(self._text, token.start, message, self._offset)

    def parse(self) -> Expression:
        if self._peek().kind is _T.WHERE:
            self._next()
        operand = self._or()
        self._expect(_T.EOF, "<EOF>")
        return cast_to_expression(operand)

    def _or(self) -> Operand:
        left = self._and()
        while self._peek().kind is _T.OR:
            self._next()
            left = Expression(ExpressionType.OR, left, self._and())
        return left

    def _and(self) -> Operand:
        left = self._unary()
        while self._peek().kind is _T.AND:
            self._next()
            left = Expression(ExpressionType.AND, left, self._unary())
        return left

    def _unary(self) -> Operand:
        token = self._peek()
        if token.kind is _T.NOT:
            self._next()
            # As in Spring's grammar, NOT takes the whole expression that follows it.
            return Expression(ExpressionType.NOT, self._or(), None)
        if token.kind is _T.LPAREN:
            self._next()
            inner = self._or()
            self._expect(_T.RPAREN, "')'")
            return Group(cast_to_expression(inner))
        return self._predicate()

    def _identifier(self) -> Key:
        token = self._peek()
        if token.kind is _T.STRING:
            self._next()
            return Key(_unescape(token.text))
        if token.kind is _T.IDENTIFIER:
            self._next()
            if self._peek().kind is _T.DOT:
                self._next()
                second = self._expect(_T.IDENTIFIER, "IDENTIFIER")
                return Key(f"{token.text}.{second.text}")
            return Key(token.text)
        self._fail(
            token,
            f"mismatched input '{token.display()}' expecting {{'(', NOT, IDENTIFIER, QUOTED_STRING}}",
        )

    def _predicate(self) -> Expression:
        start = self._pos
        key = self._identifier()
        token = self._next()
        if token.kind is _T.COMPARE:
            return Expression(_COMPARE_TYPES[token.text], key, Value(self._constant()))
        if token.kind is _T.IN:
            return Expression(ExpressionType.IN, key, Value(self._array()))
        if token.kind is _T.NIN:
            return Expression(ExpressionType.NIN, key, Value(self._array()))
        if token.kind is _T.NOT and self._peek().kind is _T.IN:
            self._next()
            return Expression(ExpressionType.NIN, key, Value(self._array()))
        if token.kind is _T.IS:
            negated = self._peek().kind is _T.NOT
            if negated:
                self._next()
            self._expect(_T.NULL, "NULL")
            return Expression(ExpressionType.ISNOTNULL if negated else ExpressionType.ISNULL, key)
        seen = "".join(t.text for t in self._tokens[start : self._pos])
        self._fail(token, f"no viable alternative at input '{seen}'")

    def _array(self) -> list[Any]:
        self._expect(_T.LBRACKET, "'['")
        values = [self._constant()]
        while self._peek().kind is _T.COMMA:
            self._next()
            values.append(self._constant())
        self._expect(_T.RBRACKET, "{',', ']'}")
        return values

    def _constant(self) -> Any:
        token = self._next()
        if token.kind is _T.STRING:
            return _unescape(token.text)
        if token.kind is _T.BOOLEAN:
            return token.text.lower() == "true"
        sign = ""
        if token.kind in (_T.MINUS, _T.PLUS):
            sign = token.text
            token = self._next()
        if token.kind is _T.INTEGER:
            if self._peek().kind is _T.LONG_SUFFIX:
                self._next()
            return int(sign + token.text)
        if token.kind is _T.DECIMAL:
            return float(sign + token.text)
        if not sign and token.kind is _T.IDENTIFIER:
            self._fail(token, f"no viable alternative at input '{token.display()}'")
        expecting = "a number" if sign else "a constant (number, quoted string, TRUE or FALSE)"
        self._fail(token, f"mismatched input '{token.display()}' expecting {expecting}")


class FilterExpressionTextParser:
    """Parses filter text such as ``genre == 'drama' && year >= 2020`` into an expression.

    A leading ``WHERE`` is optional. Parsed expressions are cached by their text
    (keyed as ``"WHERE " + text``, as in Spring); :meth:`clear_cache` empties the cache.
    Blank text is a ``ValueError``; text that does not follow the grammar raises
    :class:`FilterExpressionParseException` (also a ``ValueError``).
    """

    WHERE_PREFIX = "WHERE"

    FilterExpressionParseException = FilterExpressionParseException

    def __init__(self) -> None:
        self._cache: dict[str, Expression] = {}

    def parse(self, text_filter_expression: str) -> Expression:
        """Parse ``text_filter_expression`` (see the module docstring for the grammar)."""
        _assert.has_text(text_filter_expression, "Expression should not be empty!")
        cache_key = text_filter_expression
        if not cache_key.upper().startswith(self.WHERE_PREFIX):
            cache_key = f"{self.WHERE_PREFIX} {cache_key}"
        cached = self._cache.get(cache_key)
        if cached is not None:
            return cached
        expression = _Parser(text_filter_expression).parse()
        return self._cache.setdefault(cache_key, expression)

    def clear_cache(self) -> None:
        """Forget every cached expression."""
        self._cache.clear()

    def get_cache(self) -> dict[str, Expression]:
        """The cache of parsed expressions, keyed by ``"WHERE " + text``."""
        return self._cache
