"""spring_ai_py: a faithful Python port of Spring AI 2.0.1's ChatClient and Advisor system."""
