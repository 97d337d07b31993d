"""Provider options declared once: the field of the options dataclass says everything.

A provider's options dataclass declares each of its API's parameters once, with
:func:`option` as its default::

    temperature: float | None = option(ge=0, le=2)
    stop_sequences: list[str] | None = option(property="stop", sent=False)

and everything else is derived from that one line:

- **the configuration property.** ``scripts/gen_builders.py`` writes the field of the
  provider's properties class (``spring.ai.<provider>.chat.temperature``) from it,
  between ``# --- generated properties (options: <dotted options class>) ---`` markers,
  with the bounds (``ge``, ``gt``, ``le``, ``lt``) that a bound value must keep (a bind
  error naming the property otherwise); ``property`` names the property when it is not
  the field's name, ``bind_as`` gives its type when the options type is not what a
  property holds (a JSON shape instead of a class). The properties class turns what was
  set back into options keywords with ``option_values()``.
- **the request.** :func:`request_values` gives the parameters the request sends as
  they are: every set field declared with ``sent=True`` (the default), under its
  ``wire`` name (the field's name unless given). A field the request converts itself
  (a default, a different shape) says ``sent=False`` and the provider writes that one
  conversion by hand.

A field the API takes but no configuration property binds says ``bind=False``: it is
sent (under its ``wire`` name) and nothing else.

Fields declared without :func:`option` (tool callbacks, connection settings, options
the request folds into other parameters) are neither properties nor sent by name. The
bounds are the properties' only: options built in code accept any value the type
allows, as Spring's do, and the server judges it.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

OPTION_METADATA_KEY: Final = "spring_ai_py.option"
"""The key of a field's :class:`OptionField` in its ``dataclasses.field`` metadata."""

Bound = int | float
"""A bound of a numeric property."""


@dataclass(frozen=True)
class OptionField:
    """What :func:`option` declared for one options field (``name`` is the field's)."""

    name: str
    property: str
    wire: str
    sent: bool
    ge: Bound | None = None
    gt: Bound | None = None
    le: Bound | None = None
    lt: Bound | None = None
    bind_as: str | None = None
    bind: bool = True

    def bounds(self) -> dict[str, Bound]:
        """The bounds that were given, as pydantic ``Field`` keywords (``{"ge": 0}``)."""
        given = {"ge": self.ge, "gt": self.gt, "le": self.le, "lt": self.lt}
        return {key: value for key, value in given.items() if value is not None}


@dataclass(frozen=True)
class _Declared:
    property: str | None
    wire: str | None
    sent: bool
    ge: Bound | None
    gt: Bound | None
    le: Bound | None
    lt: Bound | None
    bind_as: str | None
    bind: bool


def option(
    *,
    ge: Bound | None = None,
    gt: Bound | None = None,
    le: Bound | None = None,
    lt: Bound | None = None,
    property: str | None = None,
    wire: str | None = None,
    sent: bool = True,
    bind_as: str | None = None,
    bind: bool = True,
) -> Any:
    """Declare an options field (default ``None``, "not set") as an API parameter.

    ``ge``/``gt``/``le``/``lt`` bound the configuration property; ``property`` is its
    name when it differs from the field's (snake case: ``"stop"`` binds ``...stop``);
    ``bind_as`` is the property's type, as source text, when it is not the field's
    (``"dict[str, Any] | None"``); ``wire`` is the request parameter's name when it
    differs from the field's; ``sent=False`` leaves the field out of
    :func:`request_values` (the provider converts it itself); ``bind=False`` makes it no
    configuration property (so it takes no ``property``, ``bind_as`` or bounds).

    It returns a ``dataclasses.Field`` whose default is ``None``; typed ``Any`` (as
    ``dataclasses.field`` is typed as its default) so that it is the default of a field
    of any optional type.
    """
    for name, value in (("property", property), ("wire", wire), ("bind_as", bind_as)):
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise ValueError(f"option() {name} must be a non-empty string, got {value!r}")
    for name, bound in (("ge", ge), ("gt", gt), ("le", le), ("lt", lt)):
        if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int | float)):
            raise TypeError(f"option() {name} must be a number, got {bound!r}")
    if not bind and not sent:
        raise ValueError("option(bind=False, sent=False) declares nothing: leave option() out")
    if not bind:
        given = {"property": property, "bind_as": bind_as, "ge": ge, "gt": gt, "le": le, "lt": lt}
        named = sorted(name for name, value in given.items() if value is not None)
        if named:
            raise ValueError(f"option(bind=False) is no property: it takes no {', '.join(named)}")
    declared = _Declared(property, wire, sent, ge, gt, le, lt, bind_as, bind)
    return dataclasses.field(default=None, metadata={OPTION_METADATA_KEY: declared})


_CACHE: dict[type, Mapping[str, OptionField]] = {}
_LOCK = threading.Lock()


def option_fields(options_type: type) -> Mapping[str, OptionField]:
    """The fields of the options dataclass ``options_type`` declared with :func:`option`,
    by field name, in field order (computed once per class)."""
    found = _CACHE.get(options_type)
    if found is not None:
        return found
    if not dataclasses.is_dataclass(options_type):
        raise TypeError(f"options_type must be a dataclass, got {options_type!r}")
    fields: dict[str, OptionField] = {}
    for field in dataclasses.fields(options_type):
        declared = field.metadata.get(OPTION_METADATA_KEY)
        if not isinstance(declared, _Declared):
            continue
        fields[field.name] = OptionField(
            name=field.name,
            property=declared.property or field.name,
            wire=declared.wire or field.name,
            sent=declared.sent,
            ge=declared.ge,
            gt=declared.gt,
            le=declared.le,
            lt=declared.lt,
            bind_as=declared.bind_as,
            bind=declared.bind,
        )
    properties = [spec.property for spec in fields.values() if spec.bind]
    duplicates = sorted({name for name in properties if properties.count(name) > 1})
    if duplicates:
        raise TypeError(f"{options_type.__name__}: two options bind the property {duplicates}")
    with _LOCK:
        _CACHE[options_type] = fields
    return fields


def request_values(options: object) -> dict[str, object]:
    """The request parameters ``options`` sends as they are: each set field declared with
    :func:`option` (and not ``sent=False``), under its ``wire`` name, in field order.

    Lists and dicts are copied, so changing the request does not change the options.
    """
    values: dict[str, object] = {}
    for name, spec in option_fields(type(options)).items():
        if not spec.sent:
            continue
        value = getattr(options, name)
        if value is None:
            continue
        if isinstance(value, list):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        values[spec.wire] = value
    return values
