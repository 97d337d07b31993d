"""``org.springframework.core``: the ``Ordered`` contract used to sort advisors."""

from spring_ai_py.core.ordered import Ordered, order_of

__all__ = ["Ordered", "order_of"]
