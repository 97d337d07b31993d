"""``org.springframework.ai.google``: Google's model providers (``spring_ai_py.google.genai``).

Importing this package imports no SDK.
"""

__all__: list[str] = []
