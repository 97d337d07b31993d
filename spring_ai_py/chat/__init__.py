"""``org.springframework.ai.chat``."""

__all__: list[str] = []
