"""How Java's ``toString`` renders the values a JSON document holds (maps, lists,
numbers), so reader output reads as it does in Spring."""

from __future__ import annotations

import decimal
import math
from typing import Any


def java_to_string(value: Any) -> str:
    """``String.valueOf`` of the Java twin of a parsed JSON value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return _double_to_string(value)
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{java_to_string(k)}={java_to_string(v)}" for k, v in value.items())
            + "}"
        )
    if isinstance(value, list | tuple):
        return "[" + ", ".join(java_to_string(v) for v in value) + "]"
    return str(value)


def _double_to_string(value: float) -> str:
    """``Double.toString``: shortest digits, scientific (``1.0E10``) outside [1e-3, 1e7)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    magnitude = abs(value)
    if magnitude == 0 or 1e-3 <= magnitude < 1e7:
        text = repr(value)
        return text if "." in text else text + ".0"
    sign, digit_tuple, exponent = decimal.Decimal(repr(value)).as_tuple()
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    assert isinstance(exponent, int)
    scientific = len(digit_tuple) + exponent - 1
    return f"{'-' if sign else ''}{digits[0]}.{digits[1:] or '0'}E{scientific}"
