"""One builder mechanism for the whole library.

Spring gives nearly every class a fluent ``X.builder()...build()`` and a ``mutate()``
that returns a pre-filled builder. Here both are derived from the class's own keyword
constructor, so ``SafeGuardAdvisor(sensitive_words=[...])`` and
``SafeGuardAdvisor.builder().sensitive_words([...]).build()`` cannot drift apart:
a setter exists for each constructor parameter (plus the class's Java-name aliases),
and ``build()`` calls the constructor, where validation and defaults live.

The library's classes carry a nested ``X.Builder`` generated from their constructor by
``scripts/gen_builders.py`` (one typed method per setter, checked by a test against the
constructor), so mypy, pyright and IDEs see each setter's type. A class without one gets
the same setters at run time, untyped, from :meth:`Builder.__getattr__`.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

T = TypeVar("T", covariant=True)

_PARAMS_CACHE: dict[type, frozenset[str]] = {}


def _constructor_params(cls: type) -> frozenset[str]:
    params = _PARAMS_CACHE.get(cls)
    if params is None:
        signature = inspect.signature(cls)
        params = frozenset(
            name
            for name, p in signature.parameters.items()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        )
        _PARAMS_CACHE[cls] = params
    return params


class Builder(Generic[T]):
    """A fluent builder for ``cls``: ``builder.name(value)`` sets a constructor keyword.

    A setter called with several arguments stores them as a list (Java varargs), so
    ``.messages(m1, m2)`` and ``.messages([m1, m2])`` both work; the generated setter of
    a keyword that takes a sequence only also stores one element as a one-element list
    (``.stop("END")`` is ``.stop(["END"])``).
    """

    __slots__ = ("_cls", "_values")

    def __init__(self, cls: type[T], values: Mapping[str, object] | None = None) -> None:
        self._cls = cls
        self._values: dict[str, Any] = dict(values) if values else {}

    def _set(self, name: str, args: tuple[Any, ...], *, sequence: bool = False) -> Self:
        """Set the constructor keyword ``name`` (reached by the setter of that name or of an
        alias); several arguments are stored as a list.

        ``sequence=True`` says the keyword takes a sequence only (``list[str]``) while the
        setter also takes one element (``.stop("END")``, Java varargs): one argument that
        is neither a list, a tuple nor ``None`` is stored as a one-element list."""
        if not args:
            raise TypeError(f"{self._cls.__name__}.builder().{name}() needs a value")
        if len(args) > 1:
            value: Any = list(args)
        elif sequence and args[0] is not None and not isinstance(args[0], list | tuple):
            value = [args[0]]
        else:
            value = args[0]
        check = getattr(self._cls, "_check_builder_value", None)
        if check is not None:
            check(name, value)
        self._values[name] = value
        return self

    if not TYPE_CHECKING:
        # Hidden from type checkers, which see the generated typed setters instead.

        def __getattr__(self, name: str) -> Callable[..., Self]:
            if name.startswith("_"):
                raise AttributeError(name)
            aliases: dict[str, str] = getattr(self._cls, "_builder_aliases", {})
            field = aliases.get(name, name)
            if field not in _constructor_params(self._cls):
                known = sorted(_constructor_params(self._cls) | set(aliases))
                raise AttributeError(
                    f"{self._cls.__name__}.builder() has no setter '{name}'; known setters: {known}"
                )
            return lambda *args: self._set(field, args)

    def build(self) -> T:
        """Build the object through its constructor (validation happens there)."""
        return self._cls(**self._values)

    def __repr__(self) -> str:
        return f"{self._cls.__name__}.Builder({sorted(self._values)})"


class Buildable:
    """Mixin giving a class ``builder()`` and ``mutate()`` from its constructor keywords.

    ``_builder_aliases`` maps extra setter names (Java spellings) onto parameters;
    ``_check_builder_value`` validates a setter's value at once.
    ``mutate()`` pre-fills the builder from the dataclass fields, or else from the
    attributes (``name`` or ``_name``) named after the constructor parameters.
    """

    __slots__ = ()

    _builder_aliases: ClassVar[dict[str, str]] = {}

    @classmethod
    def _check_builder_value(cls, name: str, value: Any) -> None:
        """Hook: reject a bad value as soon as a setter receives it (Spring's asserting setters).

        ``name`` is the constructor parameter; the default accepts everything.
        """

    if not TYPE_CHECKING:
        # The library's classes declare typed ``builder()`` / ``mutate()`` returning their
        # generated ``X.Builder``; these untyped defaults serve any other subclass.

        @classmethod
        def builder(cls) -> Builder[Self]:
            """Return an empty builder for this class."""
            return Builder(cls)

        def mutate(self) -> Builder[Self]:
            """Return a builder pre-filled with this object's current values."""
            return Builder(type(self), self._builder_state())

    def _builder_state(self) -> dict[str, Any]:
        if dataclasses.is_dataclass(self):
            return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}
        state: dict[str, Any] = {}
        for name in _constructor_params(type(self)):
            for attribute in (name, "_" + name):
                if attribute in self.__dict__:
                    state[name] = self.__dict__[attribute]
                    break
        return state
