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


def test_reading_the_registrations_imports_no_provider_module_nor_pydantic() -> None:
    # Autoconfiguration reads every registration to choose one provider: the others
    # must cost no import of their properties classes, models or SDKs.
    probe = (
        "import sys\n"
        "from spring_ai_py.autoconfigure import provider_registrations\n"
        "assert len(provider_registrations()) >= 4\n"
        "heavy = sorted(m for m in sys.modules if m.startswith('pydantic') "
        "or m.endswith('._autoconfigure') or m.startswith(('openai', 'anthropic', 'ollama', 'google.genai')))\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_built_in_registrations_name_their_properties_classes() -> None:
    for registration in provider_registrations().values():
        if registration.name == "echo":
            continue
        classes = registration.properties_classes()
        assert classes, registration.name
        # the registration's prefix is its first properties class's section
        assert registration.prefix == classes[0].CONFIG_PREFIX
        assert all(isinstance(c, type) for c in classes)


def test_properties_may_be_classes_or_references_and_a_bad_reference_is_named() -> None:
    from spring_ai_py.autoconfigure.tools import ToolCallingProperties

    registration = ProviderRegistration(
        name="x",
        prefix="spring.ai.x",
        properties=(ToolCallingProperties, "spring_ai_py.autoconfigure.chat:ChatClientBuilderProperties"),
    )
    from spring_ai_py.autoconfigure.chat import ChatClientBuilderProperties

    assert registration.properties_classes() == (ToolCallingProperties, ChatClientBuilderProperties)
    with pytest.raises(ValueError, match=r"properties\[0\] must be a class or a 'module:Class' reference"):
        ProviderRegistration(name="x", prefix="spring.ai.x", properties=("not a reference",))


def test_factories_may_be_functions_or_references_and_a_bad_reference_is_named() -> None:
    from spring_ai_py.openai._autoconfigure import api_key_resolves, openai_chat_model

    by_reference = ProviderRegistration(
        name="x",
        prefix="spring.ai.x",
        chat_model="spring_ai_py.openai._autoconfigure:openai_chat_model",
        api_key_resolves="spring_ai_py.openai._autoconfigure:api_key_resolves",
    )
    assert by_reference.chat_model_factory() is openai_chat_model
    assert by_reference.embedding_model_factory() is None
    assert by_reference.api_key_check() is api_key_resolves
    direct = ProviderRegistration(name="x", prefix="spring.ai.x", chat_model=openai_chat_model)
    assert direct.chat_model_factory() is openai_chat_model
    # without a check, every key counts as resolving
    assert direct.api_key_check()(None) is True  # type: ignore[arg-type]
    for field in ("chat_model", "embedding_model", "api_key_resolves"):
        with pytest.raises(
            ValueError, match=rf"{field} must be a function or a 'module:function' reference"
        ):
            ProviderRegistration(name="x", prefix="spring.ai.x", **{field: "no reference"})  # type: ignore[arg-type]


def test_the_built_in_registrations_reference_their_factories_without_importing_them() -> None:
    # Reading the registrations imports no _autoconfigure module; asking for a factory does.
    code = textwrap.dedent(
        """
        import sys
        from spring_ai_py.autoconfigure import provider_registrations
        openai = provider_registrations()["openai"]
        before = "spring_ai_py.openai._autoconfigure" in sys.modules
        factory = openai.chat_model_factory()
        print(before, factory.__module__, factory.__name__)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "spring_ai_py.openai._autoconfigure", "openai_chat_model"]


@pytest.mark.parametrize("group", [ENTRY_POINT_GROUP, "console_scripts", "pytest11"])
def test_the_entry_point_scan_finds_what_importlib_metadata_finds(group: str) -> None:
    from importlib.metadata import entry_points

    from spring_ai_py.autoconfigure.registry import _entry_points

    expected = sorted((e.name, e.value) for e in entry_points(group=group))
    assert expected, group
    assert sorted(_entry_points(group)) == expected


def test_the_entry_point_scan_finds_a_provider_installed_later(
    third_party_provider: None,
) -> None:
    from importlib.metadata import entry_points

    from spring_ai_py.autoconfigure.registry import _entry_points

    found = sorted(_entry_points(ENTRY_POINT_GROUP))
    assert ("echo", "echo_provider:REGISTRATION") in found
    assert found == sorted((e.name, e.value) for e in entry_points(group=ENTRY_POINT_GROUP))
