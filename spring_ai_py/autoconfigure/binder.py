"""Binding properties onto typed settings, as Boot's ``@ConfigurationProperties`` does.

A settings class is a frozen pydantic model subclassing :class:`ConfigurationProperties`
with a ``CONFIG_PREFIX``; each field binds the property named after it in kebab case
(``max_retries`` <- ``<prefix>.max-retries``). Nested models bind below their field's
name, ``dict`` fields take every entry below it, and ``list`` fields take indexed
entries (``args[0]``) or one comma-separated value. A field missing under the prefix is
looked up under each of ``DEPRECATED_PREFIXES`` (Spring 2.0's old ``chat.options.*``
spellings) before its default applies, except the fields in ``NOT_DEPRECATED_FIELDS``:
those bind to nothing under the old spelling (a warning names the property and its
current spelling), as in Spring AI 2.0.1.

Whatever cannot be bound raises :class:`ConfigurationPropertiesBindError` naming the
property, where it was set and the problem; a secret's value never appears in it: not
that of a ``SecretStr`` field, of a property or map entry whose key is sensitive
(``...password``, ``...api-key``, ``GITHUB_TOKEN``: Boot's sanitizer rules), or of a
value taken from a placeholder naming one (``${SERVICE_API_KEY}``); URL passwords are
masked. The same rules mask the ``repr`` of every properties class.
"""


import enum
import functools
import importlib
import logging
import re
import types
from collections.abc import Iterator, Mapping
from datetime import timedelta
from typing import (
    Annotated,
    Any,
    ClassVar,
    TypeGuard,
    TypeVar,
    Union,
    get_args,
    get_origin,
)

from pydantic import BaseModel, BeforeValidator, ConfigDict, SecretStr, ValidationError

from spring_ai_py._sanitize import MASK, is_sensitive_key, mask_url_passwords, sanitized_value
from spring_ai_py.autoconfigure.environment import Environment, canonical_name
from spring_ai_py.model.option_fields import option_fields

P = TypeVar("P", bound="ConfigurationProperties")
M = TypeVar("M", bound=BaseModel)

_logger = logging.getLogger("spring_ai_py.autoconfigure")


class ConfigurationPropertiesBindError(ValueError):
    """A property whose value cannot be bound (Boot's ``BindException``)."""

    def __init__(self, property_name: str, problem: str, origin: str | None = None) -> None:
        self.property_name = property_name
        self.problem = problem
        self.origin = origin
        where = f" (from {origin})" if origin else ""
        super().__init__(f"Failed to bind properties under '{property_name}'{where}: {problem}")


class PropertiesModel(BaseModel):
    """A group of properties (a nested part of a :class:`ConfigurationProperties`)."""

    model_config = ConfigDict(
        frozen=True, extra="ignore", arbitrary_types_allowed=True, defer_build=True
    )

    def __repr_args__(self) -> Iterator[tuple[str | None, object]]:
        # Boot's sanitizer: sensitive fields and map entries, and URL passwords, masked.
        for name, value in super().__repr_args__():
            if value is not None and name is not None and is_sensitive_key(name):
                yield name, value if isinstance(value, SecretStr) else MASK
            else:
                yield name, sanitized_value(value)


class ConfigurationProperties(PropertiesModel):
    """Typed settings bound from the properties below ``CONFIG_PREFIX``."""

    CONFIG_PREFIX: ClassVar[str] = ""
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ()
    NOT_DEPRECATED_FIELDS: ClassVar[frozenset[str]] = frozenset()
    """Fields that bind under ``CONFIG_PREFIX`` only, never under ``DEPRECATED_PREFIXES``."""

    @classmethod
    def bind(cls: type[P], environment: Environment) -> P:
        """Bind this class's properties from ``environment``."""
        return bind(
            environment, cls, cls.CONFIG_PREFIX, cls.DEPRECATED_PREFIXES, cls.NOT_DEPRECATED_FIELDS
        )


class OptionsProperties(ConfigurationProperties):
    """Properties derived from a provider's options dataclass (its fields declared with
    ``spring_ai_py.model.option_fields.option``).

    The class body holds a region that ``scripts/gen_builders.py`` writes from the
    options class it names (the lines ``# --- generated properties (options:
    acme.options.AcmeChatOptions) ---`` and ``# --- end of generated properties ---``):
    one pydantic field per option (but those declared ``bind=False``), with the option's
    bounds, and :attr:`OPTIONS`, the options class's dotted name, from which
    :meth:`option_values` maps the properties back onto the options' keywords.
    """

    OPTIONS: ClassVar[str] = ""
    """The dotted name of the options dataclass these properties are derived from."""

    def option_values(self) -> dict[str, Any]:
        """The options that were set, as keywords of the options class (a property named
        apart from its field, such as ``stop`` for ``stop_sequences``, under the field's name); lists
        and dicts are copied."""
        values: dict[str, Any] = {}
        for field_name, property_name in _option_properties(type(self)).items():
            value = getattr(self, property_name)
            if value is None:
                continue
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            values[field_name] = value
        return values


_OPTION_PROPERTIES: dict[type, dict[str, str]] = {}


def _option_properties(properties: type[OptionsProperties]) -> dict[str, str]:
    """Options field name -> property field name, for the options of ``properties``."""
    found = _OPTION_PROPERTIES.get(properties)
    if found is None:
        module_name, _, class_name = properties.OPTIONS.rpartition(".")
        if not module_name:
            raise TypeError(f"{properties.__name__}.OPTIONS must name an options class")
        options_type = getattr(importlib.import_module(module_name), class_name)
        found = {
            name: spec.property for name, spec in option_fields(options_type).items() if spec.bind
        }
        _OPTION_PROPERTIES[properties] = found
    return found


# -- value conversions Boot applies ------------------------------------------------------

_DURATION_SIMPLE = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*(ns|us|ms|s|m|h|d)?\s*$", re.I)
_DURATION_ISO = re.compile(
    r"^\s*P(?:(?P<d>\d+(?:\.\d+)?)D)?(?:T(?:(?P<h>\d+(?:\.\d+)?)H)?"
    r"(?:(?P<m>\d+(?:\.\d+)?)M)?(?:(?P<s>\d+(?:\.\d+)?)S)?)?\s*$",
    re.I,
)
_UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def parse_duration(value: object) -> object:
    """Boot's ``Duration`` forms: ``60s``, ``500ms``, ``2m``, ``PT1M30S``, or a number of
    milliseconds (Boot's default unit)."""
    if isinstance(value, timedelta) or value is None:
        return value
    if isinstance(value, bool):
        raise ValueError("a duration such as '60s', '500ms' or 'PT1M' was expected")
    if isinstance(value, int | float):
        return timedelta(milliseconds=value)
    text = str(value)
    simple = _DURATION_SIMPLE.match(text)
    if simple:
        amount = float(simple.group(1))
        unit = (simple.group(2) or "ms").lower()
        return timedelta(seconds=amount * _UNIT_SECONDS[unit])
    iso = _DURATION_ISO.match(text)
    if iso and any(iso.group(g) for g in "dhms"):
        parts = {g: float(iso.group(g) or 0) for g in "dhms"}
        return timedelta(days=parts["d"], hours=parts["h"], minutes=parts["m"], seconds=parts["s"])
    raise ValueError(f"'{text}' is not a duration such as '60s', '500ms' or 'PT1M'")


Duration = Annotated[timedelta, BeforeValidator(parse_duration)]
"""A ``java.time.Duration`` property."""


def relaxed_enum(enum_type: type[enum.Enum]) -> BeforeValidator:
    """A validator binding an enum property by name in any case or spelling
    (``cosine-distance`` for ``COSINE_DISTANCE``): ``Annotated[E, relaxed_enum(E)]``."""

    def convert(value: object) -> object:
        if isinstance(value, enum_type) or value is None:
            return value
        wanted = canonical_name(str(value))
        for member in enum_type:
            if canonical_name(member.name) == wanted or canonical_name(str(member.value)) == wanted:
                return member
        names = ", ".join(m.name for m in enum_type)
        raise ValueError(f"'{value}' is not one of {names}")

    return BeforeValidator(convert)


# -- the binder ---------------------------------------------------------------------------


def _kebab(field_name: str) -> str:
    return field_name.replace("_", "-")


def _unwrap(annotation: Any) -> Any:
    """The annotation without ``Annotated`` and ``None`` alternatives."""
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(annotation) if a is not type(None)]
        if len(options) == 1:
            return _unwrap(options[0])
    return annotation


def _is_model(annotation: Any) -> TypeGuard[type[BaseModel]]:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _secret_fields(model: type[BaseModel]) -> set[str]:
    return {
        name for name, info in model.model_fields.items() if _unwrap(info.annotation) is SecretStr
    }


class _Binding:
    def __init__(self, environment: Environment, placeholders: Environment | None = None) -> None:
        self.environment = environment
        # Placeholders resolve against the whole environment, even when binding reads
        # from one source only (a list).
        self.placeholders = placeholders if placeholders is not None else environment
        self.origins: dict[tuple[str | int, ...], tuple[str, str]] = {}
        # Where a value came from a placeholder naming a secret ("${SERVICE_API_KEY}").
        self.secret_locs: set[tuple[str | int, ...]] = set()

    def value(self, name: str, loc: tuple[str | int, ...]) -> object:
        found = self.environment.find(name)
        if found is None:
            return _MISSING
        origin, raw = found
        self.origins[loc] = (name, origin)
        return self.resolved(name, origin, raw, loc)

    def resolved(self, name: str, origin: str, raw: object, loc: tuple[str | int, ...]) -> object:
        """``raw`` with its placeholders resolved; a bound exceeded names the property."""
        if not isinstance(raw, str):
            return raw
        secret = _is_secret_name(name) or _names_secret(raw)
        if secret:
            self.secret_locs.add(loc)
        try:
            return self.placeholders.resolve_placeholders(raw)
        except ValueError as error:
            problem = "its placeholders cannot be resolved" if secret else str(error)
            raise ConfigurationPropertiesBindError(name, problem, origin) from None

    def model(
        self,
        model: type[BaseModel],
        prefixes: tuple[str, ...],
        loc: tuple[str | int, ...],
        only_first_prefix: frozenset[str] = frozenset(),
    ) -> dict[str, object]:
        data: dict[str, object] = {}
        for field_name, info in model.model_fields.items():
            annotation = _unwrap(info.annotation)
            for prefix in prefixes[:1] if field_name in only_first_prefix else prefixes:
                name = f"{prefix}.{_kebab(field_name)}"
                bound = self.field(annotation, name, (*loc, field_name))
                if bound is not _MISSING:
                    data[field_name] = bound
                    break
        return data

    def field(self, annotation: Any, name: str, loc: tuple[str | int, ...]) -> object:
        if _is_model(annotation):
            if not self.environment.has_any_under(name):
                return _MISSING
            return self.model(annotation, (name,), loc)
        origin = get_origin(annotation)
        if origin in (dict, Mapping) or annotation is dict:
            return self.mapping(annotation, name, loc)
        if origin in (list, tuple) or annotation in (list, tuple):
            return self.sequence(annotation, name, loc)
        return self.value(name, loc)

    def mapping(self, annotation: Any, name: str, loc: tuple[str | int, ...]) -> object:
        args = get_args(annotation)
        value_type = _unwrap(args[1]) if len(args) == 2 else Any
        keys = self._child_keys(name)
        if not keys:
            direct = self.value(name, loc)
            return direct if direct is not _MISSING and direct != "" else _MISSING
        result: dict[str, object] = {}
        for canonical_key, original_key in keys.items():
            child = f"{name}.{canonical_key}"
            if _is_model(value_type):
                result[original_key] = self.model(value_type, (child,), (*loc, original_key))
            elif get_origin(value_type) in (list, dict):
                result[original_key] = self.field(value_type, child, (*loc, original_key))
            else:
                leaf = self._leaf(name, canonical_key, (*loc, original_key))
                if leaf is not _MISSING:
                    result[original_key] = leaf
        return result

    def _leaf(self, name: str, canonical_key: str, loc: tuple[str | int, ...]) -> object:
        # A flat map entry may have dots in its key ("metadata.a.b"): take the whole rest.
        for canonical in self.environment.names_under(name):
            rest = canonical[len(canonical_name(name)) + 1 :]
            if rest.split(".")[0].split("[")[0] == canonical_key:
                hit = self.environment.find(canonical)
                if hit is not None:
                    self.origins[loc] = (f"{name}.{rest}", hit[0])
                    return self.resolved(f"{name}.{rest}", hit[0], hit[1], loc)
        return _MISSING

    def sequence(self, annotation: Any, name: str, loc: tuple[str | int, ...]) -> object:
        args = get_args(annotation)
        item_type = _unwrap(args[0]) if args else Any
        source = self.environment.list_source(name)
        if source is None:
            return _MISSING
        # As in Boot, one source defines the whole list: a higher source's list (indexed
        # or comma-separated) replaces a lower one's, it is never merged element-wise.
        binding = _Binding(
            Environment([source], self.environment.active_profiles, self.environment._env),
            self.placeholders,
        )
        indexed: dict[int, None] = {}
        base = canonical_name(name)
        for canonical in source.names_under(base):
            match = re.match(re.escape(base) + r"(?:\[(\d+)\]|\.(\d+)$)", canonical)
            if match:
                indexed.setdefault(int(match.group(1) or match.group(2)), None)
        if indexed:
            items: list[object] = []
            for index in sorted(indexed):
                element = f"{name}[{index}]"
                if _is_model(item_type):
                    items.append(binding.model(item_type, (element,), (*loc, index)))
                else:
                    item = binding.value(element, (*loc, index))
                    if item is _MISSING:
                        item = binding.value(f"{name}.{index}", (*loc, index))
                    if item is not _MISSING:
                        items.append(item)
            self.origins.update(binding.origins)
            self.secret_locs.update(binding.secret_locs)
            return items
        single = binding.value(name, loc)
        self.origins.update(binding.origins)
        self.secret_locs.update(binding.secret_locs)
        if single is _MISSING:
            return _MISSING
        if isinstance(single, str):
            return [part.strip() for part in single.split(",") if part.strip()]
        return [single]

    def _child_keys(self, name: str) -> dict[str, str]:
        base = canonical_name(name)
        keys: dict[str, str] = {}
        for source in self.environment.sources:
            for canonical, original in _originals_under(source, base):
                rest_canonical = canonical[len(base) + 1 :]
                first = rest_canonical.split(".")[0].split("[")[0]
                keys.setdefault(first, _original_first_segment(original, name, first))
        return keys


def _originals_under(source: Any, base: str) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for canonical in source.names_under(base):
        hit = source.get(canonical)
        pairs.append((canonical, hit[0] if hit is not None else canonical))
    return pairs


def _original_first_segment(original: str, prefix: str, fallback: str) -> str:
    # The map key as the user wrote it ("X-Custom-Header"), when the source kept it.
    segments = original.split(".")
    depth = len([s for s in prefix.split(".") if s])
    if len(segments) > depth and canonical_name(".".join(segments[:depth])) == canonical_name(
        prefix
    ):
        return segments[depth].split("[")[0]
    return fallback


_PLACEHOLDER_NAME = re.compile(r"\$\{([^}:$]+)")


def _is_secret_name(property_name: str) -> bool:
    last = property_name.rsplit(".", 1)[-1].split("[")[0]
    return is_sensitive_key(last)


def _names_secret(raw: str) -> bool:
    return any(_is_secret_name(name.strip()) for name in _PLACEHOLDER_NAME.findall(raw))


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


def bind(
    environment: Environment,
    model: type[P],
    prefix: str,
    deprecated_prefixes: tuple[str, ...] = (),
    not_deprecated_fields: frozenset[str] = frozenset(),
) -> P:
    """Bind ``model`` from the properties below ``prefix`` (then ``deprecated_prefixes``,
    except for ``not_deprecated_fields``)."""
    if _defaults_are_valid(model) and not any(
        environment.has_any_under(p) for p in (prefix, *deprecated_prefixes)
    ):
        # Nothing set below the section: its defaults, without building the model's
        # validator (class creation defers it), which costs about a millisecond a section.
        return _defaults(model)
    binding = _Binding(environment)
    data = binding.model(model, (prefix, *deprecated_prefixes), (), not_deprecated_fields)
    for field_name in sorted(not_deprecated_fields):
        for deprecated in deprecated_prefixes:
            ignored = f"{deprecated}.{_kebab(field_name)}"
            found = environment.find(ignored)
            if found is not None:
                _logger.warning(
                    "Property '%s' (from %s) binds to nothing in Spring AI 2.0.1 and is "
                    "ignored: use '%s.%s'",
                    ignored,
                    found[0],
                    prefix,
                    _kebab(field_name),
                )
    try:
        bound = model.model_validate(data)
    except ValidationError as error:
        raise _bind_error(error, binding, model, prefix) from None
    _check_secrets(bound, binding, prefix)
    return bound


def _defaults(model: type[M]) -> M:
    """``model()`` without validation: nested groups whose default is their own class
    are made the same way, so no validator is built for an unconfigured section."""
    nested: dict[str, object] = {}
    for name, info in model.model_fields.items():
        group = _unwrap(info.annotation)
        if info.default_factory is group and _is_model(group) and _defaults_are_valid(group):
            nested[name] = _defaults(group)
    return model.model_construct(_fields_set=set(), **nested)


@functools.cache
def _defaults_are_valid(model: type[BaseModel]) -> bool:
    """Whether ``model()`` equals ``model.model_construct()``: no validator or post-init
    hook of its own can change or reject its defaults."""
    decorators = model.__pydantic_decorators__
    return (
        not decorators.model_validators
        and not decorators.field_validators
        and not decorators.validators
        and not decorators.root_validators
        and not model.model_config.get("validate_default")
        and not any(info.validate_default for info in model.model_fields.values())
        and model.model_post_init is BaseModel.model_post_init
    )


def _bind_error(
    error: ValidationError, binding: _Binding, model: type[BaseModel], prefix: str
) -> ConfigurationPropertiesBindError:
    first = error.errors()[0]
    loc = tuple(first["loc"])
    known = binding.origins.get(loc)
    if known is None:
        # A union's member or a nested validator adds steps: use the longest known prefix.
        for length in range(len(loc), 0, -1):
            known = binding.origins.get(loc[:length])
            if known is not None:
                break
    name = known[0] if known else prefix + "." + ".".join(_kebab(str(p)) for p in loc)
    origin = known[1] if known else None
    secret = (
        (bool(loc) and isinstance(loc[0], str) and loc[0] in _secret_fields(model))
        or any(isinstance(step, str) and is_sensitive_key(step) for step in loc)
        or _is_secret_name(name)
        or any(loc[:length] in binding.secret_locs for length in range(len(loc), 0, -1))
    )
    message = mask_url_passwords(str(first.get("msg", "invalid value")))
    if not secret and "input" in first and not isinstance(first["input"], dict | list):
        message = f"{message} (value: {mask_url_passwords(repr(first['input']))})"
    return ConfigurationPropertiesBindError(name, message, origin)


def _check_secrets(
    bound: BaseModel, binding: _Binding, prefix: str, loc: tuple[str | int, ...] = ()
) -> None:
    # Boot leaves "${SERVICE_API_KEY}" as text when nothing defines it; a key sent that way
    # fails far from its cause, so a secret with an unresolved placeholder is an error here.
    for field_name in _secret_fields(type(bound)):
        value = getattr(bound, field_name)
        if isinstance(value, SecretStr):
            placeholder = Environment.unresolved(value.get_secret_value())
            if placeholder is not None:
                name, origin = binding.origins.get(
                    (*loc, field_name), (f"{prefix}.{_kebab(field_name)}", "")
                )
                raise ConfigurationPropertiesBindError(
                    name,
                    f"Could not resolve placeholder '{placeholder}': set the environment "
                    "variable or property it names",
                    origin or None,
                )
    for field_name in type(bound).model_fields:
        nested = getattr(bound, field_name)
        if isinstance(nested, BaseModel):
            _check_secrets(nested, binding, f"{prefix}.{_kebab(field_name)}", (*loc, field_name))
