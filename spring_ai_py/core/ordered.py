"""Spring's ``Ordered``: lower values have higher priority (run first, outermost)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar


class Ordered(ABC):
    """Something with an order; the lowest value comes first.

    ``HIGHEST_PRECEDENCE`` is the smallest int (runs first), ``LOWEST_PRECEDENCE`` the
    largest (runs last).
    """

    HIGHEST_PRECEDENCE: ClassVar[int] = -(2**31)
    LOWEST_PRECEDENCE: ClassVar[int] = 2**31 - 1

    @abstractmethod
    def get_order(self) -> int:
        """Return this object's order value."""


def order_of(obj: Any) -> int:
    """Spring's ``OrderComparator`` lookup: ``get_order()`` or ``LOWEST_PRECEDENCE``."""
    get_order = getattr(obj, "get_order", None)
    if get_order is None:
        return Ordered.LOWEST_PRECEDENCE
    return int(get_order())
