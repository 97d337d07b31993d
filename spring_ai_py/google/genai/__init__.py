"""``org.springframework.ai.google.genai``: chat and embedding models on the official
``google-genai`` SDK (``pip install 'spring_ai_py[google-genai]'``)."""
