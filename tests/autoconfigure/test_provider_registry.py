"""The provider registry: autoconfigure finds providers through the
``spring_ai_py.providers`` entry points, a third-party one included."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from spring_ai_py.autoconfigure import (
    ENTRY_POINT_GROUP,
    ProviderRegistration,
    provider_registrations,
)

_PROVIDER = '''
from spring_ai_py.autoconfigure import ProviderRegistration
from spring_ai_py.test import ScriptedChatModel


def chat_model(context):
    prefix = context.environment.get_property("spring.ai.echo.prefix") or ""
    return ScriptedChatModel(prefix + "from the echo provider")


REGISTRATION = ProviderRegistration(name="echo", prefix="spring.ai.echo", chat_model=chat_model)
'''


@pytest.fixture
def third_party_provider(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A package installed on a tmp sys.path entry: its module and its dist-info with an
    entry_points.txt, as pip would write them."""
    (tmp_path / "echo_provider.py").write_text(_PROVIDER)
    info = tmp_path / "echo_provider-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: echo-provider\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\necho = echo_provider:REGISTRATION\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    provider_registrations(reload=True)
    yield
    sys.modules.pop("echo_provider", None)
    monkeypatch.undo()
    provider_registrations(reload=True)


def test_built_in_providers_are_registered_through_entry_points() -> None:
    registrations = provider_registrations()
    assert list(registrations)[:4] == ["openai", "anthropic", "ollama", "google-genai"]
    assert registrations["openai"].embedding_model is not None
    assert registrations["anthropic"].embedding_model is None
    assert registrations["ollama"].embedding_model is not None
    assert registrations["google-genai"].embedding_model is not None
    assert all(isinstance(r, ProviderRegistration) for r in registrations.values())


def test_a_third_party_provider_loads_from_application_yml(
    third_party_provider: None, tmp_path: pathlib.Path
) -> None:
    from spring_ai_py.autoconfigure import SpringApplication

    (tmp_path / "application.yml").write_text(
        textwrap.dedent(
            """\
            spring:
              ai:
                model:
                  chat: echo
                echo:
                  prefix: "hello "
            """
        )
    )
    with SpringApplication.run(config_dir=tmp_path, environ={}) as context:
        client = context.chat_client_builder().build()
        assert client.prompt("hi").call().content() == "hello from the echo provider"


def test_an_unknown_provider_lists_the_registered_ones(
    third_party_provider: None, tmp_path: pathlib.Path
) -> None:
    from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError, SpringApplication

    (tmp_path / "application.yml").write_text("spring.ai.model.chat: nope\n")
    with SpringApplication.run(config_dir=tmp_path, environ={}) as context, pytest.raises(
        ConfigurationPropertiesBindError, match=r"supported: openai, anthropic, ollama, google-genai, echo, none"
    ):
        context.chat_model()


def test_autoconfigure_names_no_provider() -> None:
    package = pathlib.Path(__file__).parents[2] / "spring_ai_py" / "autoconfigure"
    found = subprocess.run(
        ["grep", "-rn", "-i", "openai\\|anthropic\\|ollama\\|genai\\|gemini", str(package)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.stdout == ""
