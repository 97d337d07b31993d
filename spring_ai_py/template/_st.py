"""A StringTemplate 4 engine for single inline templates, as ``StTemplateRenderer`` uses it.

Spring's renderer compiles each template with ST4 (``new ST(group, template)``) and
renders it with ST4's auto-indenting writer. This module implements that part of the
ST4 language in Python, following ST4's lexer, grammar and interpreter rules:

* text, with ``\\{`` / ``\\}`` / ``\\\\`` escapes, and ``{\\n}``, ``{\\t}``, ``{\\ }``,
  ``{\\u00e9}``, ``{\\\\}`` (line continuation) escape tags; ``{! comments !}``;
* attributes ``{name}``, properties ``{a.b.c}`` and ``{a.(expr)}`` (mapping keys,
  zero-argument ``get_x()`` / ``is_x()`` / ``has_x()`` getters, data attributes; no
  other method is ever called or rendered, and ``_``-prefixed names are never read);
* the built-in functions ``first last rest trunc strip trim length strlen reverse``;
* options ``separator``, ``null`` (``anchor``, ``wrap`` and ``format`` are accepted and
  have no effect, as with ST4's default renderer and unlimited line width);
* ``{if(c)}...{elseif(c)}...{else}...{endif}`` with ``!``, ``&&``, ``||``;
* list literals ``[a, b]``, anonymous templates ``{x | ...}`` applied with ``:``
  (also alternating ``xs:{...},{...}`` and parallel ``a, b:{x, y | ...}``), ``i``/``i0``;
* ST4's whitespace rules: an indented expression indents every line it writes, and a
  template line that writes nothing (a lone ``{if}``, an empty attribute) leaves no
  blank line behind.

Named template includes (``{t()}``), regions and ``super`` need a template group, which
Spring's renderer never has; they are reported as invalid templates.
"""

from __future__ import annotations

import bisect
import logging
import re
import types
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

FUNCTIONS = frozenset(
    {"first", "last", "rest", "trunc", "strip", "trim", "length", "strlen", "reverse"}
)
_OPTION_DEFAULTS: dict[str, str | None] = {
    "anchor": "true",
    "format": None,
    "null": None,
    "separator": None,
    "wrap": "\n",
}
_KEYWORDS = {
    "if": "IF",
    "elseif": "ELSEIF",
    "else": "ELSE",
    "endif": "ENDIF",
    "super": "SUPER",
    "true": "TRUE",
    "false": "FALSE",
}
_ID = re.compile(r"[A-Za-z0-9_/-]+")  # ST4's STLexer.isIDLetter allows '-'
_WS = " \t\n\r"
_SUBTEMPLATE_ARGS = re.compile(
    r"\{[ \t\n\r]*[A-Za-z0-9_/-]+[ \t\n\r]*(?:,[ \t\n\r]*[A-Za-z0-9_/-]+[ \t\n\r]*)*\|"
)
_HEX = frozenset("0123456789abcdefABCDEF")


class TemplateSyntaxError(ValueError):
    """A template that ST4 would refuse to compile; the message says where and why."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")


# --- lexer -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    line: int
    col: int

    def describe(self) -> str:
        return "end of template" if self.kind == "EOF" else repr(self.text)


class _Lexer:
    """ST4's two-mode lexer: text outside expressions, tokens inside them."""

    def __init__(self, source: str, start: str, stop: str) -> None:
        self._s = source
        self._n = len(source)
        self._i = 0
        self._start = start
        self._stop = stop
        self._inside = False
        self._depth = 0
        self._newlines = [i for i, c in enumerate(source) if c == "\n"]
        self.tokens: list[_Token] = []

    def _pos(self, index: int) -> tuple[int, int]:
        k = bisect.bisect_left(self._newlines, index)
        return k + 1, index - (self._newlines[k - 1] + 1 if k else 0)

    def _emit(self, kind: str, text: str, index: int) -> None:
        line, col = self._pos(index)
        self.tokens.append(_Token(kind, text, line, col))

    def _error(self, message: str, index: int) -> TemplateSyntaxError:
        line, col = self._pos(index)
        return TemplateSyntaxError(message, line, col)

    def _char(self, index: int) -> str:
        return self._s[index] if index < self._n else ""

    def tokenize(self) -> list[_Token]:
        while self._i < self._n:
            if self._inside:
                self._inside_expression()
            else:
                self._outside()
        if self._inside:
            raise self._error(f"premature end of template, expecting '{self._stop}'", self._n)
        self._emit("EOF", "", self._n)
        return self.tokens

    def _outside(self) -> None:
        i, c = self._i, self._s[self._i]
        if c in " \t" and self._pos(i)[1] == 0:
            j = i
            while j < self._n and self._s[j] in " \t":
                j += 1
            self._emit("INDENT" if j < self._n else "TEXT", self._s[i:j], i)
            self._i = j
        elif c == self._start:
            nxt = self._char(i + 1)
            if nxt == "!":
                self._comment(i)
            elif nxt == "\\":
                self._escape(i)
            else:
                self._inside = True
                self._emit("LDELIM", c, i)
                self._i = i + 1
        elif c == "\r":
            self._emit("NEWLINE", "\n", i)
            self._i = i + 2 if self._char(i + 1) == "\n" else i + 1
        elif c == "\n":
            self._emit("NEWLINE", "\n", i)
            self._i = i + 1
        elif c == "}" and self._depth > 0:
            self._inside = True
            self._depth -= 1
            self._emit("RCURLY", c, i)
            self._i = i + 1
        else:
            self._text(i)

    def _text(self, i: int) -> None:
        buf: list[str] = []
        j = i
        while j < self._n:
            c = self._s[j]
            if c == self._start or c in "\r\n" or (c == "}" and self._depth > 0):
                break
            if c == "\\":
                nxt = self._char(j + 1)
                if nxt == "\\" or (nxt and (nxt == self._start or nxt == "}")):
                    buf.append(nxt)
                    j += 2
                    continue
            buf.append(c)
            j += 1
        self._emit("TEXT", "".join(buf), i)
        self._i = j

    def _comment(self, i: int) -> None:
        end = self._s.find("!" + self._stop, i + 2)
        if end < 0:
            line, col = self._pos(i)
            raise self._error(
                f"Nonterminated comment starting at {line}:{col}: '!{self._stop}' missing", i
            )
        self._emit("COMMENT", self._s[i : end + 2], i)
        self._i = end + 2

    def _expect_stop(self, j: int) -> int:
        if self._char(j) != self._stop:
            found = self._char(j) or "<EOF>"
            raise self._error(f"expecting '{self._stop}', found '{found}'", j)
        return j + 1

    def _escape(self, i: int) -> None:
        j = i + 2
        c = self._char(j)
        if c == "u":
            digits = self._s[j + 1 : j + 5]
            if len(digits) != 4 or any(d not in _HEX for d in digits):
                raise self._error(f"invalid unicode char: '{digits}'", j + 1)
            self._emit("TEXT", chr(int(digits, 16)), i)
            self._i = self._expect_stop(j + 5)
        elif c == "\\":
            # {\\}: line continuation; drops the rest of the line and the next indent
            j = self._expect_stop(j + 1)
            while self._char(j) in (" ", "\t"):
                j += 1
            if j >= self._n:
                raise self._error("Missing newline after newline escape <\\\\>", j)
            if self._char(j) == "\r":
                j += 1
            if self._char(j) != "\n":
                raise self._error(f"expecting '\\n', found '{self._char(j) or '<EOF>'}'", j)
            j += 1
            while self._char(j) in (" ", "\t"):
                j += 1
            self._i = j
        elif c in ("n", "t", " "):
            self._emit("TEXT", {"n": "\n", "t": "\t", " ": " "}[c], i)
            self._i = self._expect_stop(j + 1)
        else:
            raise self._error(f"invalid escaped char: '{c or '<EOF>'}'", j)

    def _inside_expression(self) -> None:
        i, c = self._i, self._s[self._i]
        simple = {
            ",": "COMMA",
            ":": "COLON",
            ";": "SEMI",
            "(": "LPAREN",
            ")": "RPAREN",
            "[": "LBRACK",
            "]": "RBRACK",
            "=": "EQUALS",
            "!": "BANG",
        }
        if c in _WS:
            self._i = i + 1
        elif c == ".":
            if self._s.startswith("...", i):
                self._emit("ELLIPSIS", "...", i)
                self._i = i + 3
            else:
                self._emit("DOT", c, i)
                self._i = i + 1
        elif c in simple:
            self._emit(simple[c], c, i)
            self._i = i + 1
        elif c == "@":
            self._emit("AT", c, i)
            self._i = i + 1
        elif c == '"':
            self._string(i)
        elif c in "&|":
            if self._char(i + 1) != c:
                raise self._error(f"expecting '{c}', found '{self._char(i + 1) or '<EOF>'}'", i + 1)
            self._emit("AND" if c == "&" else "OR", c * 2, i)
            self._i = i + 2
        elif c == "{":
            self._subtemplate(i)
        elif c == self._stop:
            self._inside = False
            self._emit("RDELIM", c, i)
            self._i = i + 1
        else:
            match = _ID.match(self._s, i)
            if match is None:
                raise self._error(f"invalid character '{c}'", i)
            name = match.group(0)
            self._emit(_KEYWORDS.get(name, "ID"), name, i)
            self._i = match.end()

    def _string(self, i: int) -> None:
        buf: list[str] = []
        j = i + 1
        while True:
            if j >= self._n:
                raise self._error("EOF in string", j)
            c = self._s[j]
            if c == '"':
                break
            if c == "\\":
                j += 1
                if j >= self._n:
                    raise self._error("EOF in string", j)
                c = {"n": "\n", "r": "\r", "t": "\t"}.get(self._s[j], self._s[j])
            buf.append(c)
            j += 1
        self._emit("STRING", "".join(buf), i)
        self._i = j + 1

    def _subtemplate(self, i: int) -> None:
        self._depth += 1
        self._inside = False
        self._emit("LCURLY", "{", i)
        match = _SUBTEMPLATE_ARGS.match(self._s, i)
        if match is None:
            self._i = i + 1
            return
        header = match.group(0)
        offset = i + 1
        for k, name in enumerate(_ID.findall(header[1:-1])):
            if k:
                self._emit("COMMA", ",", offset)
            self._emit("ID", name, offset)
        self._emit("PIPE", "|", match.end() - 1)
        j = match.end()
        if self._char(j) and self._char(j) in _WS:  # ST4 ignores one whitespace after '|'
            j += 1
        self._i = j


# --- syntax tree -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class Newline:
    pass


@dataclass(frozen=True, slots=True)
class ExprTag:
    expr: Expr
    options: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, slots=True)
class Indented:
    indent: str
    element: Element | None


@dataclass(frozen=True, slots=True)
class IfBlock:
    branches: tuple[tuple[Expr, tuple[Element, ...]], ...]
    else_body: tuple[Element, ...] | None
    indent: str | None


@dataclass(frozen=True, slots=True)
class Attr:
    name: str
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Literal:
    value: Any


@dataclass(frozen=True, slots=True)
class Prop:
    target: Expr
    name: Expr
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Func:
    name: str
    arg: Expr
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class SubTemplate:
    args: tuple[str, ...]
    body: tuple[Element, ...]


@dataclass(frozen=True, slots=True)
class MapExpr:
    target: Expr
    templates: tuple[SubTemplate, ...]


@dataclass(frozen=True, slots=True)
class ZipExpr:
    targets: tuple[Expr, ...]
    template: SubTemplate
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class ListExpr:
    elements: tuple[Expr | None, ...]


@dataclass(frozen=True, slots=True)
class ToStr:
    expr: Expr


@dataclass(frozen=True, slots=True)
class Not:
    expr: Expr


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str
    left: Expr
    right: Expr


Expr: TypeAlias = (
    Attr | Literal | Prop | Func | SubTemplate | MapExpr | ZipExpr | ListExpr | ToStr | Not | BoolOp
)
Element: TypeAlias = Text | Newline | ExprTag | Indented | IfBlock


# --- parser ------------------------------------------------------------------------


class _Parser:
    """Recursive descent over ST4's grammar (``STParser.g``)."""

    def __init__(self, tokens: list[_Token]) -> None:
        self._t = tokens
        self._p = 0
        self._conditional_depth = 0

    def _la(self, k: int = 0) -> str:
        return self._t[min(self._p + k, len(self._t) - 1)].kind

    def _lt(self, k: int = 0) -> _Token:
        return self._t[min(self._p + k, len(self._t) - 1)]

    def _next(self) -> _Token:
        token = self._lt()
        self._p += 1
        return token

    def _error(self, message: str, token: _Token | None = None) -> TemplateSyntaxError:
        token = token or self._lt()
        return TemplateSyntaxError(message, token.line, token.col)

    def _match(self, kind: str, what: str) -> _Token:
        if self._la() != kind:
            raise self._error(f"expecting {what}, found {self._lt().describe()}")
        return self._next()

    def parse(self) -> tuple[Element, ...]:
        elements = self._template()
        if self._la() != "EOF":
            # only else/elseif/endif stop the top-level template early
            keyword = self._lt(2 if self._la() == "INDENT" else 1)
            raise self._error(f"{keyword.describe()} without a matching if", keyword)
        return elements

    def _at_if_continuation(self) -> bool:
        k = 1 if self._la() == "INDENT" else 0
        return self._la(k) == "LDELIM" and self._la(k + 1) in ("ELSE", "ELSEIF", "ENDIF")

    def _template(self) -> tuple[Element, ...]:
        elements: list[Element] = []
        while True:
            kind = self._la()
            if kind in ("EOF", "RCURLY") or (kind == "INDENT" and self._la(1) == "RCURLY"):
                break
            if self._at_if_continuation():
                break
            element = self._element()
            if element is not None:
                elements.append(element)
        return tuple(elements)

    def _element(self) -> Element | None:
        if self._lt().col == 0:
            k = 1 if self._la() == "INDENT" else 0
            if self._la(k) == "COMMENT" and self._la(k + 1) == "NEWLINE":
                self._p += k + 2  # a comment alone on its line leaves nothing
                return None
        if self._la() == "INDENT":
            if self._la(1) == "LDELIM" and self._la(2) == "IF":
                return self._ifstat()
            indent = self._next().text
            return Indented(indent, self._single_element())
        if self._la() == "LDELIM" and self._la(1) == "IF":
            return self._ifstat()
        return self._single_element()

    def _single_element(self) -> Element | None:
        kind = self._la()
        if kind == "LDELIM":
            return self._expr_tag()
        if kind == "TEXT":
            text = self._next().text
            return Text(text) if text else None
        if kind == "NEWLINE":
            self._next()
            return Newline()
        if kind == "COMMENT":
            self._next()
            return None
        raise self._error(f"unexpected {self._lt().describe()}")

    def _expr_tag(self) -> ExprTag:
        self._match("LDELIM", "an expression")
        expr = self._expr()
        options: tuple[tuple[str, Expr], ...] = ()
        if self._la() == "SEMI":
            self._next()
            options = self._options()
        self._match("RDELIM", "the closing delimiter")
        return ExprTag(expr, options)

    def _options(self) -> tuple[tuple[str, Expr], ...]:
        options: list[tuple[str, Expr]] = []
        while True:
            token = self._match("ID", "an option name")
            if token.text not in _OPTION_DEFAULTS:
                raise self._error(f"no such option: {token.text}", token)
            if self._la() == "EQUALS":
                self._next()
                options.append((token.text, self._expr_no_comma()))
            else:
                default = _OPTION_DEFAULTS[token.text]
                if default is None:
                    raise self._error(f"option {token.text} requires a value", token)
                options.append((token.text, Literal(default)))
            if self._la() != "COMMA":
                return tuple(options)
            self._next()

    def _ifstat(self) -> IfBlock:
        first = self._lt()
        indent = self._next().text if self._la() == "INDENT" else None
        self._match("LDELIM", "'if'")
        self._match("IF", "'if'")
        condition = self._parenthesized_conditional()
        self._match("RDELIM", "the closing delimiter")
        if self._la() == "NEWLINE":
            indent = None
        branches = [(condition, self._template())]
        else_body: tuple[Element, ...] | None = None
        while self._at_if_continuation():
            if self._la() == "INDENT":
                self._next()
            self._next()  # LDELIM
            keyword = self._next()
            if keyword.kind == "ELSEIF":
                if else_body is not None:
                    raise self._error("elseif after else", keyword)
                condition = self._parenthesized_conditional()
                self._match("RDELIM", "the closing delimiter")
                branches.append((condition, self._template()))
            elif keyword.kind == "ELSE":
                if else_body is not None:
                    raise self._error("more than one else", keyword)
                self._match("RDELIM", "the closing delimiter")
                else_body = self._template()
            else:
                self._match("RDELIM", "the closing delimiter")
                # a multi-line if drops the newline after its endif
                if self._la() == "NEWLINE" and self._lt().line != first.line:
                    self._next()
                return IfBlock(tuple(branches), else_body, indent)
        raise self._error(f"missing endif for the if at {first.line}:{first.col}")

    def _parenthesized_conditional(self) -> Expr:
        self._match("LPAREN", "'('")
        condition = self._conditional()
        self._match("RPAREN", "')'")
        return condition

    def _conditional(self) -> Expr:
        self._conditional_depth += 1
        try:
            left = self._and_conditional()
            while self._la() == "OR":
                self._next()
                left = BoolOp("||", left, self._and_conditional())
            return left
        finally:
            self._conditional_depth -= 1

    def _and_conditional(self) -> Expr:
        left = self._not_conditional()
        while self._la() == "AND":
            self._next()
            left = BoolOp("&&", left, self._not_conditional())
        return left

    def _not_conditional(self) -> Expr:
        if self._la() == "BANG":
            self._next()
            return Not(self._not_conditional())
        return self._member_expr()

    def _expr(self) -> Expr:
        first = self._lt()
        expr = self._member_expr()
        if self._la() == "COMMA":
            targets = [expr]
            while self._la() == "COMMA":
                self._next()
                targets.append(self._member_expr())
            self._match("COLON", "':' and a template to apply in parallel")
            expr = ZipExpr(tuple(targets), self._map_template_ref(), first.line, first.col)
        while self._la() == "COLON":
            self._next()
            templates = [self._map_template_ref()]
            while self._la() == "COMMA" and not isinstance(expr, ZipExpr):
                self._next()
                templates.append(self._map_template_ref())
            expr = MapExpr(expr, tuple(templates))
        return expr

    def _expr_no_comma(self) -> Expr:
        expr = self._member_expr()
        if self._la() == "COLON":
            self._next()
            expr = MapExpr(expr, (self._map_template_ref(),))
        return expr

    def _map_template_ref(self) -> SubTemplate:
        if self._la() == "LCURLY":
            return self._subtemplate()
        if self._la() == "ID" and self._la(1) == "LPAREN":
            raise self._no_template_group(self._lt())
        raise self._error(f"expecting a template to apply, found {self._lt().describe()}")

    def _no_template_group(self, token: _Token) -> TemplateSyntaxError:
        return self._error(
            f"no such template: {token.text}() (only anonymous templates {{x | ...}} "
            "can be applied; named templates need a template group)",
            token,
        )

    def _member_expr(self) -> Expr:
        expr = self._include_expr()
        while self._la() == "DOT":
            dot = self._next()
            if self._la() == "ID":
                expr = Prop(expr, Literal(self._next().text), dot.line, dot.col)
            elif self._la() == "LPAREN":
                self._next()
                name = self._expr()
                self._match("RPAREN", "')'")
                expr = Prop(expr, name, dot.line, dot.col)
            else:
                raise self._error(f"expecting a property name, found {self._lt().describe()}")
        return expr

    def _include_expr(self) -> Expr:
        token = self._lt()
        if token.kind == "ID" and self._la(1) == "LPAREN":
            if token.text not in FUNCTIONS:
                raise self._no_template_group(token)
            self._p += 2
            if self._la() == "RPAREN":
                raise self._error(f"function {token.text}() expects one argument", token)
            arg = self._expr()
            self._match("RPAREN", "')'")
            return Func(token.text, arg, token.line, token.col)
        if token.kind in ("SUPER", "AT"):
            raise self._error("regions and super templates need a template group", token)
        return self._primary()

    def _primary(self) -> Expr:
        token = self._lt()
        kind = token.kind
        if kind == "ID":
            self._next()
            return Attr(token.text, token.line, token.col)
        if kind == "STRING":
            self._next()
            return Literal(token.text)
        if kind in ("TRUE", "FALSE"):
            self._next()
            return Literal(kind == "TRUE")
        if kind == "LCURLY":
            return self._subtemplate()
        if kind == "LBRACK":
            return self._list()
        if kind == "LPAREN":
            self._next()
            if self._conditional_depth > 0:
                condition = self._conditional()
                self._match("RPAREN", "')'")
                return condition
            inner = self._expr()
            self._match("RPAREN", "')'")
            if self._la() == "LPAREN":
                raise self._error("indirect template includes need a template group", token)
            return ToStr(inner)
        raise self._error(f"unexpected {token.describe()}")

    def _list(self) -> ListExpr:
        self._match("LBRACK", "'['")
        elements: list[Expr | None] = []
        if self._la() == "RBRACK":
            self._next()
            return ListExpr(())
        while True:
            if self._la() in ("COMMA", "RBRACK"):
                elements.append(None)
            else:
                elements.append(self._expr_no_comma())
            if self._la() == "COMMA":
                self._next()
                continue
            self._match("RBRACK", "']'")
            return ListExpr(tuple(elements))

    def _subtemplate(self) -> SubTemplate:
        self._match("LCURLY", "'{'")
        args: list[str] = []
        if self._la() == "ID":
            args.append(self._next().text)
            while self._la() == "COMMA":
                self._next()
                args.append(self._match("ID", "an argument name").text)
            self._match("PIPE", "'|'")
        body = self._template()
        if self._la() == "INDENT":
            self._next()
        self._match("RCURLY", "'}' closing the anonymous template")
        return SubTemplate(tuple(args), body)


@lru_cache(maxsize=256)
def compile_template(template: str, start: str, stop: str) -> tuple[Element, ...]:
    """Parse ``template``; raise ``TemplateSyntaxError`` if ST4 would not compile it."""
    return _Parser(_Lexer(template, start, stop).tokenize()).parse()


# --- validation --------------------------------------------------------------------


def input_variables(elements: tuple[Element, ...], include_functions: bool) -> list[str]:
    """The attribute names the template reads from its variables, in order of appearance.

    Property names, option names, function names and the arguments of anonymous
    templates (with ``i``/``i0``) are not variables. An attribute that has the name
    of a built-in function counts only when ``include_functions`` is set.
    """
    found: dict[str, None] = {}

    def walk_elements(items: Iterable[Element], bound: frozenset[str]) -> None:
        for item in items:
            if isinstance(item, ExprTag):
                walk(item.expr, bound)
                for _, value in item.options:
                    walk(value, bound)
            elif isinstance(item, Indented) and item.element is not None:
                walk_elements((item.element,), bound)
            elif isinstance(item, IfBlock):
                for condition, body in item.branches:
                    walk(condition, bound)
                    walk_elements(body, bound)
                if item.else_body is not None:
                    walk_elements(item.else_body, bound)

    def walk(expr: Expr | None, bound: frozenset[str]) -> None:
        if isinstance(expr, Attr):
            if expr.name not in bound and (include_functions or expr.name not in FUNCTIONS):
                found.setdefault(expr.name, None)
        elif isinstance(expr, Prop):
            walk(expr.target, bound)
            walk(expr.name, bound)
        elif isinstance(expr, Func):
            walk(expr.arg, bound)
        elif isinstance(expr, SubTemplate):
            walk_elements(expr.body, bound | set(expr.args) | {"i", "i0"})
        elif isinstance(expr, MapExpr):
            walk(expr.target, bound)
            for template in expr.templates:
                walk(template, bound)
        elif isinstance(expr, ZipExpr):
            for target in expr.targets:
                walk(target, bound)
            walk(expr.template, bound)
        elif isinstance(expr, ListExpr):
            for element in expr.elements:
                walk(element, bound)
        elif isinstance(expr, ToStr | Not):
            walk(expr.expr, bound)
        elif isinstance(expr, BoolOp):
            walk(expr.left, bound)
            walk(expr.right, bound)

    walk_elements(elements, frozenset())
    return list(found)


# --- interpreter -------------------------------------------------------------------


class _Writer:
    """ST4's ``AutoIndentWriter``: indents each new line by the stacked indentation."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._indents: list[str] = []
        self._at_line_start = True

    def push_indentation(self, indent: str) -> None:
        self._indents.append(indent)

    def pop_indentation(self) -> None:
        self._indents.pop()

    def write(self, text: str) -> int:
        written = 0
        lines = text.replace("\r", "").split("\n")
        for k, line in enumerate(lines):
            if k:
                self._parts.append("\n")
                written += 1
                self._at_line_start = True
            if line:
                if self._at_line_start:
                    indent = "".join(self._indents)
                    self._parts.append(indent)
                    written += len(indent)
                    self._at_line_start = False
                self._parts.append(line)
                written += len(line)
        return written

    def text(self) -> str:
        return "".join(self._parts)


@dataclass(frozen=True, slots=True)
class _TemplateInstance:
    """An anonymous template with its arguments bound, rendered where it is written."""

    template: SubTemplate
    arguments: dict[str, Any]


class _Scope:
    __slots__ = ("parent", "values")

    def __init__(self, values: Mapping[str, Any], parent: _Scope | None) -> None:
        self.values = values
        self.parent = parent


class _Frame:
    """Per-template execution state: the last instruction ST4 would have executed."""

    __slots__ = ("anonymous", "prev", "written")

    def __init__(self, anonymous: bool) -> None:
        self.anonymous = anonymous
        self.prev = ""
        self.written = 0


_MISSING = object()


def _is_multi_valued(value: Any) -> bool:
    return isinstance(value, Collection | Iterator) and not isinstance(
        value, str | bytes | bytearray
    )


# Functions and methods of every kind, Python and C: never rendered as values.
_ROUTINES = (
    types.FunctionType,
    types.MethodType,
    types.BuiltinFunctionType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
)
_BOUND_METHODS = (types.MethodType, types.BuiltinMethodType)


def _is_bound_method(value: Any, target: Any) -> bool:
    """Whether ``value`` is a method bound to ``target`` (a getter ST4 may call)."""
    return isinstance(value, _BOUND_METHODS) and value.__self__ is target


def _instance(template: SubTemplate, value: Any, index: int) -> _TemplateInstance:
    names = (*template.args, "i", "i0")
    arguments: dict[str, Any] = dict.fromkeys(names)
    arguments[names[0]] = value
    arguments["i"] = index
    arguments["i0"] = index - 1
    return _TemplateInstance(template, arguments)


class Interpreter:
    """Renders a compiled template; runtime problems are logged, never raised (as ST4)."""

    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger
        self._chars_on_line = 0

    def render(self, elements: tuple[Element, ...], variables: Mapping[str, Any]) -> str:
        writer = _Writer()
        self._exec(writer, elements, _Scope(variables, None), anonymous=False)
        return writer.text()

    def _exec(
        self, writer: _Writer, elements: tuple[Element, ...], scope: _Scope, anonymous: bool
    ) -> int:
        frame = _Frame(anonymous)
        for element in elements:
            self._element(writer, element, scope, frame)
        return frame.written

    def _wrote(self, frame: _Frame, count: int) -> None:
        frame.written += count
        self._chars_on_line += count
        frame.prev = "WRITE"

    def _element(self, writer: _Writer, element: Element, scope: _Scope, frame: _Frame) -> None:
        if isinstance(element, Text):
            self._wrote(frame, writer.write(element.text))
        elif isinstance(element, Newline):
            # ST4 writes a template newline only if the line wrote something, or the
            # line is blank in the template itself; lines of bare tags disappear.
            if (
                (frame.prev == "" and not frame.anonymous)
                or frame.prev in ("NEWLINE", "INDENT")
                or self._chars_on_line > 0
            ):
                writer.write("\n")
            self._chars_on_line = 0
            frame.prev = "NEWLINE"
        elif isinstance(element, ExprTag):
            value = self._eval(element.expr, scope)
            options = {
                name: self._to_string(scope, self._eval(expr, scope))
                for name, expr in element.options
            }
            self._wrote(frame, self._write_object(writer, scope, value, options))
        elif isinstance(element, Indented):
            writer.push_indentation(element.indent)
            frame.prev = "INDENT"
            if element.element is not None:
                self._element(writer, element.element, scope, frame)
            writer.pop_indentation()
            frame.prev = "DEDENT"
        else:
            self._if_block(writer, element, scope, frame)

    def _if_block(self, writer: _Writer, block: IfBlock, scope: _Scope, frame: _Frame) -> None:
        if block.indent is not None:
            writer.push_indentation(block.indent)
            frame.prev = "INDENT"
        for k, (condition, body) in enumerate(block.branches):
            taken = self._test(self._eval(condition, scope))
            frame.prev = "BRF"
            if taken:
                for element in body:
                    self._element(writer, element, scope, frame)
                if k < len(block.branches) - 1 or block.else_body is not None:
                    frame.prev = "BR"  # ST4 jumps over the remaining branches
                break
        else:
            for element in block.else_body or ():
                self._element(writer, element, scope, frame)
        if block.indent is not None:
            writer.pop_indentation()
            frame.prev = "DEDENT"

    def _write_object(
        self, writer: _Writer, scope: _Scope, value: Any, options: Mapping[str, str | None]
    ) -> int:
        if value is None:
            value = options.get("null")
            if value is None:
                return 0
        if isinstance(value, _TemplateInstance):
            inner = _Scope(value.arguments, scope)
            return self._exec(writer, value.template.body, inner, anonymous=True)
        if _is_multi_valued(value):
            return self._write_iterator(writer, scope, iter(value), options)
        if isinstance(value, bool):
            # ST4 renders with Java's toString: true / false
            return writer.write("true" if value else "false")
        return writer.write(str(value))

    def _write_iterator(
        self,
        writer: _Writer,
        scope: _Scope,
        values: Iterator[Any],
        options: Mapping[str, str | None],
    ) -> int:
        written = 0
        separator = options.get("separator")
        seen_a_value = False
        for value in values:
            if (
                seen_a_value
                and separator is not None
                and (value is not None or options.get("null") is not None)
            ):
                written += writer.write(separator)
            count = self._write_object(writer, scope, value, options)
            if count > 0:
                seen_a_value = True
            written += count
        return written

    def _to_string(self, scope: _Scope, value: Any) -> str | None:
        if value is None or isinstance(value, str):
            return value
        writer = _Writer()
        self._write_object(writer, scope, value, {})
        return writer.text()

    def _runtime_error(self, line: int, col: int, message: str, warning: bool = False) -> None:
        text = f"context [anonymous] {line}:{col} {message}"
        if warning:
            self._logger.warning(text)
        else:
            self._logger.error(text)

    def _eval(self, expr: Expr, scope: _Scope) -> Any:
        if isinstance(expr, Attr):
            current: _Scope | None = scope
            while current is not None:
                value = current.values.get(expr.name, _MISSING)
                if value is not _MISSING:
                    return value
                current = current.parent
            self._runtime_error(expr.line, expr.col, f"attribute {expr.name} isn't defined")
            return None
        if isinstance(expr, Literal):
            return expr.value
        if isinstance(expr, Prop):
            target = self._eval(expr.target, scope)
            return self._property(target, self._eval(expr.name, scope), expr, scope)
        if isinstance(expr, Func):
            return self._function(expr, self._eval(expr.arg, scope))
        if isinstance(expr, SubTemplate):
            return _TemplateInstance(expr, dict.fromkeys((*expr.args, "i", "i0")))
        if isinstance(expr, MapExpr):
            return self._map(self._eval(expr.target, scope), expr.templates)
        if isinstance(expr, ZipExpr):
            return self._zip([self._eval(t, scope) for t in expr.targets], expr)
        if isinstance(expr, ListExpr):
            items: list[Any] = []
            for element in expr.elements:
                item: Any = None if element is None else self._eval(element, scope)
                if _is_multi_valued(item):
                    items.extend(item)
                else:
                    items.append(item)
            return items
        if isinstance(expr, ToStr):
            return self._to_string(scope, self._eval(expr.expr, scope))
        if isinstance(expr, Not):
            return not self._test(self._eval(expr.expr, scope))
        left = self._test(self._eval(expr.left, scope))
        if expr.op == "&&":
            return left and self._test(self._eval(expr.right, scope))
        return left or self._test(self._eval(expr.right, scope))

    @staticmethod
    def _test(value: Any) -> bool:
        """ST4's truth: absent and ``False`` are false, empty collections too, all else true."""
        if value is None:
            return False
        if isinstance(value, bool):
            return value
        if isinstance(value, Collection) and not isinstance(value, str | bytes | bytearray):
            return len(value) > 0
        return True

    def _property(self, target: Any, prop: Any, node: Prop, scope: _Scope) -> Any:
        name = prop if isinstance(prop, str) else self._to_string(scope, prop)
        if target is None:
            self._runtime_error(
                node.line, node.col, f"no such property or can't access: null.{name}", True
            )
            return None
        if isinstance(target, Mapping):
            for key in (prop, name):
                try:
                    if key in target:
                        return target[key]
                except TypeError:
                    continue
            if name == "keys":
                return list(target.keys())
            if name == "values":
                return list(target.values())
            return target.get("default")
        if name and not name.startswith("_"):
            # Templates only read, as ST4's ObjectModelAdaptor: a zero-argument getter
            # (get_x / is_x / has_x) or a data attribute. Any other method is neither
            # called nor rendered, so a template cannot act on its variables
            # ({path.unlink}) or print a method object ({text.upper}).
            try:
                for prefix in ("get_", "is_", "has_"):
                    getter = getattr(target, prefix + name, None)
                    if getter is not None and _is_bound_method(getter, target):
                        return getter()
                value = getattr(target, name, _MISSING)
                if value is not _MISSING and not isinstance(value, _ROUTINES):
                    return value
            except Exception as ex:
                self._runtime_error(
                    node.line,
                    node.col,
                    f"no such property or can't access: {type(target).__name__}.{name}: {ex}",
                    True,
                )
                return None
        self._runtime_error(
            node.line,
            node.col,
            f"no such property or can't access: {type(target).__name__}.{name}",
            True,
        )
        return None

    def _function(self, node: Func, value: Any) -> Any:
        name = node.name
        if name == "length":
            if value is None:
                return 0
            if isinstance(value, Iterator):
                return sum(1 for _ in value)
            return len(value) if _is_multi_valued(value) else 1
        if name in ("strlen", "trim"):
            if isinstance(value, str):
                return len(value) if name == "strlen" else value.strip()
            type_name = "null" if value is None else type(value).__name__
            self._runtime_error(
                node.line, node.col, f"function {name} expects a string not {type_name}"
            )
            return 0 if name == "strlen" else value
        if value is None:
            return None
        if not _is_multi_valued(value):
            # a single value is its own first, last, stripped and reversed form
            return None if name in ("rest", "trunc") else value
        items = list(value)
        if name in ("first", "last"):
            return (items[0] if name == "first" else items[-1]) if items else None
        if name == "rest":
            if isinstance(value, Sequence):
                return items[1:] if len(items) > 1 else None
            return items[1:] if items else None
        if name == "trunc":
            if isinstance(value, Sequence) and len(items) <= 1:
                return None
            return items[:-1]
        if name == "strip":
            return [item for item in items if item is not None]
        return items[::-1]

    def _map(self, value: Any, templates: tuple[SubTemplate, ...]) -> Any:
        if value is None:
            return None
        if not _is_multi_valued(value):
            return _instance(templates[0], value, 1)
        mapped: list[_TemplateInstance | None] = []
        index = 0
        for item in value:
            if item is None:
                mapped.append(None)
                continue
            mapped.append(_instance(templates[index % len(templates)], item, index + 1))
            index += 1
        return mapped

    def _zip(self, values: list[Any], node: ZipExpr) -> list[_TemplateInstance]:
        iterators: list[Iterator[Any] | None] = [
            None if v is None else iter(v) if _is_multi_valued(v) else iter((v,)) for v in values
        ]
        names = node.template.args
        if len(names) != len(iterators):
            self._runtime_error(
                node.line,
                node.col,
                f"iterating through {len(iterators)} values in zip map but template has "
                f"{len(names)} declared arguments",
            )
        count = min(len(names), len(iterators))
        results: list[_TemplateInstance] = []
        index = 0
        while True:
            arguments: dict[str, Any] = dict.fromkeys((*names, "i", "i0"))
            arguments["i"] = index + 1
            arguments["i0"] = index
            empty = 0
            for k in range(count):
                iterator = iterators[k]
                item = next(iterator, _MISSING) if iterator is not None else _MISSING
                if item is _MISSING:
                    empty += 1
                else:
                    arguments[names[k]] = item
            if empty == count:
                return results
            results.append(_TemplateInstance(node.template, arguments))
            index += 1
