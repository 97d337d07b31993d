"""``org.springframework.ai.observation``: shared observation vocabulary."""
