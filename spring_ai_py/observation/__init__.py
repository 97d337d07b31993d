"""``org.springframework.ai.observation``: shared observation vocabulary."""

__all__: list[str] = []
