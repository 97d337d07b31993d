"""``org.springframework.ai.chat.memory.repository``: persistent chat memory repositories."""

__all__: list[str] = []
