"""What the translator learns about a Java application before it writes any Python."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One construct of the Java sources: translated by a rule, or left for a person.

    ``file`` is relative to the source folder, ``line`` 1-based; ``todo`` is what to do by
    hand (empty when a rule translated it).
    """

    file: str
    line: int
    construct: str
    rule: str
    todo: str = ""

    @property
    def translated(self) -> bool:
        """Whether a rule translated the construct (no ``TODO(migrate)`` left for it)."""
        return not self.todo


@dataclass
class Method:
    name: str
    static: bool
    params: list[tuple[str, str]]
    return_type: str
    annotations: dict[str, Any]
    node: Any


@dataclass
class JavaClass:
    """A Java type of the application (top level or nested)."""

    name: str
    kind: str
    file: Path
    module: str
    node: Any
    outer: JavaClass | None = None
    annotations: dict[str, Any] = field(default_factory=dict)
    superclass: str | None = None
    interfaces: list[str] = field(default_factory=list)
    components: list[tuple[str, str]] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)
    static_fields: set[str] = field(default_factory=set)
    methods: dict[str, Method] = field(default_factory=dict)
    nested: dict[str, JavaClass] = field(default_factory=dict)
    overloads: dict[str, dict[int, Method]] = field(default_factory=dict)

    def python_method_name(self, name: str, arity: int | None) -> str:
        """Overloads dispatch by arity: the first declared keeps the name, the others get
        ``_<arity>`` (``loop(task)`` and ``loop_4(task, context, memory, chain)``)."""
        from spring_ai_py.migrate._names import snake_case

        variants = self.overloads.get(name, {})
        first = self.methods.get(name)
        if arity is None or first is None or len(variants) < 2 or len(first.params) == arity:
            return snake_case(name)
        if arity in variants:
            return f"{snake_case(name)}_{arity}"
        return snake_case(name)

    @property
    def qualified(self) -> str:
        """The Python spelling inside its module: ``Forecast.Period``."""
        return f"{self.outer.qualified}.{self.name}" if self.outer else self.name

    @property
    def top(self) -> JavaClass:
        return self.outer.top if self.outer else self


@dataclass
class Bean:
    """A ``@Bean`` method: its configuration class, its name and the type it returns."""

    owner: JavaClass
    method: Method

    @property
    def type_name(self) -> str:
        return self.method.return_type
