"""``org.springframework.ai.model``."""
