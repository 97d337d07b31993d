"""The Ollama package imports its SDK lazily, and names the ``ollama`` extra when the
SDK is missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False
    )


def test_importing_the_package_and_building_options_does_not_import_the_sdk() -> None:
    result = _run(
        """
        import sys
        import spring_ai_py
        from spring_ai_py.ollama import OllamaApi, OllamaChatModel, OllamaChatOptions
        OllamaChatModel(OllamaChatOptions(model="llama3.2"), OllamaApi())
        assert "ollama" not in sys.modules, "the SDK was imported"
        assert "httpx" not in sys.modules, "the SDK's HTTP library was imported"
        print("lazy")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "lazy"


def test_without_the_sdk_the_error_names_the_extra() -> None:
    result = _run(
        """
        import sys
        sys.modules["ollama"] = None  # as if the extra were not installed
        from spring_ai_py.chat.prompt import Prompt
        from spring_ai_py.ollama import OllamaChatModel
        try:
            OllamaChatModel().call(Prompt("Hi"))
        except ImportError as error:
            print(error)
        """
    )
    assert result.returncode == 0, result.stderr
    assert "pip install 'spring_ai_py[ollama]'" in result.stdout
