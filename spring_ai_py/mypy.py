"""A mypy plugin that type-checks the fluent builders.

Every ``X.builder()`` in spring_ai_py is derived from ``X``'s constructor (one builder
mechanism, :mod:`spring_ai_py._builder`): a setter exists for each constructor parameter,
so at run time an unknown setter fails. This plugin gives mypy the same knowledge, so
``SafeGuardAdvisor.builder().sensitive_words(["x"])`` is checked against the
constructor's parameter type and ``.sensitive_wrds(...)`` is an error, as pydantic's
plugin does for models. Enable it in your mypy configuration::

    [tool.mypy]
    plugins = ["spring_ai_py.mypy"]

Without the plugin, setters type-check as ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.errorcodes import ATTR_DEFINED
from mypy.nodes import ARG_POS, ARG_STAR, AssignmentStmt, DictExpr, NameExpr, StrExpr, TypeInfo
from mypy.plugin import AttributeContext, Plugin
from mypy.types import (
    AnyType,
    CallableType,
    Instance,
    ProperType,
    Type,
    TypeOfAny,
    UnionType,
    get_proper_type,
)

BUILDER = "spring_ai_py._builder.Builder"
_SEQUENCES = ("builtins.list", "typing.Sequence", "collections.abc.Sequence", "builtins.tuple")


class SpringAiBuilderPlugin(Plugin):
    """Checks setter calls on ``spring_ai_py`` builders against the built class."""

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        class_name, _, attribute = fullname.rpartition(".")
        if not attribute or attribute.startswith("_"):
            return None
        node = self.lookup_fully_qualified(class_name)
        info = node.node if node is not None else None
        if not isinstance(info, TypeInfo) or not info.has_base(BUILDER):
            return None
        return lambda ctx: _setter_type(ctx, attribute, self._type_info)

    def _type_info(self, fullname: str) -> TypeInfo | None:
        node = self.lookup_fully_qualified(fullname)
        return node.node if node is not None and isinstance(node.node, TypeInfo) else None


Lookup = Callable[[str], TypeInfo | None]


def _built_class(builder: Instance, lookup: Lookup) -> TypeInfo | None:
    """The class a builder instance builds: its ``Builder[T]`` argument, else the class
    its name says (``OpenAiChatOptionsBuilder`` builds ``OpenAiChatOptions`` of the same
    module; a nested ``Query.Builder`` builds ``Query``)."""
    target = _builder_argument(builder)
    if target is not None:
        return target
    fullname = builder.type.fullname
    outer, _, name = fullname.rpartition(".")
    name = name.lstrip("_")
    if name == "Builder":
        return lookup(outer)
    if name.endswith("Builder"):
        return lookup(f"{builder.type.module_name}.{name[: -len('Builder')]}")
    return None


def _builder_argument(instance: Instance) -> TypeInfo | None:
    if instance.type.fullname == BUILDER:
        argument = get_proper_type(instance.args[0]) if instance.args else None
        return argument.type if isinstance(argument, Instance) else None
    for base in instance.type.bases:
        found = _builder_argument(base)
        if found is not None:
            return found
    return None


def _aliases(info: TypeInfo) -> dict[str, str]:
    aliases: dict[str, str] = {}
    for base in reversed(info.mro):
        for statement in base.defn.defs.body:
            if (
                isinstance(statement, AssignmentStmt)
                and any(isinstance(t, NameExpr) and t.name == "_builder_aliases" for t in statement.lvalues)
                and isinstance(statement.rvalue, DictExpr)
            ):
                for key, value in statement.rvalue.items:
                    if isinstance(key, StrExpr) and isinstance(value, StrExpr):
                        aliases[key.value] = value.value
    return aliases


def _constructor(info: TypeInfo) -> CallableType | None:
    for base in info.mro:
        init = base.names.get("__init__")
        if init is None or init.node is None:
            continue
        signature = get_proper_type(getattr(init.node, "type", None))
        if isinstance(signature, CallableType):
            return signature
        return None
    return None


def _setter_type(ctx: AttributeContext, attribute: str, lookup: Lookup) -> Type:
    builder = get_proper_type(ctx.type)
    if not isinstance(builder, Instance):
        return ctx.default_attr_type
    target = _built_class(builder, lookup)
    if target is None:
        return ctx.default_attr_type
    constructor = _constructor(target)
    if constructor is None:
        return ctx.default_attr_type
    parameters = {
        name: type_
        for name, type_ in zip(constructor.arg_names, constructor.arg_types, strict=True)
        if name and name != "self"
    }
    field = _aliases(target).get(attribute, attribute)
    if field not in parameters:
        known = ", ".join(sorted(parameters))
        ctx.api.fail(
            f'{target.name}.builder() has no setter "{attribute}"; known setters: {known}',
            ctx.context,
            code=ATTR_DEFINED,
        )
        return AnyType(TypeOfAny.from_error)
    value_type = parameters[field]
    function = ctx.api.named_generic_type("builtins.function", [])
    element = _sequence_element(value_type)
    if element is not None:
        # Java varargs: .messages(m1, m2) and .messages([m1, m2]) both set the list.
        return CallableType(
            [UnionType.make_union([element, value_type])],
            [ARG_STAR],
            [field],
            ctx.type,
            function,
        )
    return CallableType([value_type], [ARG_POS], [field], ctx.type, function)


def _sequence_element(value_type: Type) -> Type | None:
    proper: ProperType = get_proper_type(value_type)
    candidates = proper.items if isinstance(proper, UnionType) else [proper]
    for candidate in candidates:
        item = get_proper_type(candidate)
        if isinstance(item, Instance) and item.type.fullname in _SEQUENCES and item.args:
            return item.args[0]
    return None


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    del version
    return SpringAiBuilderPlugin
