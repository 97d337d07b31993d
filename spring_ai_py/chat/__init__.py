"""``org.springframework.ai.chat``."""
