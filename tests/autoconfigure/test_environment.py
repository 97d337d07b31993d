"""Loading configuration as Spring Boot does: files, profiles, env vars, placeholders."""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.autoconfigure import Environment, canonical_name


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load(root: Path, **kwargs: object) -> Environment:
    kwargs.setdefault("environ", {})
    return Environment.load(config_dir=root, **kwargs)  # type: ignore[arg-type]


def test_canonical_name_folds_kebab_camel_and_snake_case() -> None:
    names = ["spring.ai.openai.api-key", "spring.ai.openai.apiKey", "spring.ai.openai.api_key"]
    assert {canonical_name(n) for n in names} == {"spring.ai.openai.apikey"}


def test_yaml_is_flattened_to_dotted_names_with_list_indexes(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "a:\n  b-c: 1\n  list: [x, y]\n  flag: true\n")
    env = load(tmp_path)
    assert env.get_property("a.b-c") == "1"
    assert env.get_property("a.bC") == "1"
    assert env.get_property("a.list[1]") == "y"
    assert env.get_property("a.flag") == "true"


def test_properties_file_syntax_comments_separators_continuations_escapes(tmp_path: Path) -> None:
    write(
        tmp_path / "application.properties",
        "# comment\n! also a comment\na=1\nb : two\nc three\nd=long \\\n    value\n"
        "e=tab\\there\nf=caf\\u00e9\n",
    )
    env = load(tmp_path)
    assert [env.get_property(k) for k in "abcdef"] == [
        "1", "two", "three", "long value", "tab\there", "café"
    ]  # fmt: skip


def test_config_directory_wins_over_working_directory(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "x: root\ny: root\n")
    write(tmp_path / "config" / "application.yml", "x: config\n")
    env = load(tmp_path)
    assert env.get_property("x") == "config"
    assert env.get_property("y") == "root"


def test_properties_file_wins_over_yaml_in_the_same_location(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "x: yaml\n")
    write(tmp_path / "application.properties", "x=properties\n")
    assert load(tmp_path).get_property("x") == "properties"


def test_profile_file_wins_over_default_file_and_later_profile_over_earlier(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "spring.profiles.active: a,b\nx: default\ny: default\n")
    write(tmp_path / "application-a.yml", "x: a\ny: a\n")
    write(tmp_path / "application-b.yml", "x: b\n")
    env = load(tmp_path)
    assert env.active_profiles == ("a", "b")
    assert env.get_property("x") == "b"
    assert env.get_property("y") == "a"


def test_multi_document_yaml_activates_documents_by_profile(tmp_path: Path) -> None:
    write(
        tmp_path / "application.yml",
        "x: base\n---\nspring.config.activate.on-profile: prod\nx: prod\n"
        "---\nspring:\n  profiles: legacy\nx: legacy\n",
    )
    assert load(tmp_path).get_property("x") == "base"
    assert load(tmp_path, profiles=["prod"]).get_property("x") == "prod"
    assert load(tmp_path, profiles=["legacy"]).get_property("x") == "legacy"


def test_active_profiles_can_come_from_an_environment_variable(tmp_path: Path) -> None:
    write(tmp_path / "application-prod.properties", "x=prod\n")
    env = load(tmp_path, environ={"SPRING_PROFILES_ACTIVE": "prod"})
    assert env.active_profiles == ("prod",)
    assert env.get_property("x") == "prod"


def test_environment_variables_win_over_files_and_bind_relaxed(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "spring.ai.openai.api-key: from-file\n")
    env = load(tmp_path, environ={"SPRING_AI_OPENAI_API_KEY": "from-env"})
    assert env.get_property("spring.ai.openai.api-key") == "from-env"
    env = load(tmp_path, environ={"SPRING_AI_OPENAI_APIKEY": "no-dash-form"})
    assert env.get_property("spring.ai.openai.apiKey") == "no-dash-form"


def test_overrides_win_over_everything(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "x: file\n")
    env = load(tmp_path, environ={"X": "env"}, overrides={"x": "code"})
    assert env.get_property("x") == "code"


def test_placeholders_resolve_with_defaults_nesting_and_other_properties(tmp_path: Path) -> None:
    write(
        tmp_path / "application.yml",
        "a: ${HOME_DIR}/data\nb: ${MISSING:fallback}\nc: ${MISSING:${ALSO_MISSING:deep}}\n"
        "d: ${a}-copy\ne: ${UNDEFINED}\nf: 'url=${BASE:http://localhost:8080}/v1'\n",
    )
    env = load(tmp_path, environ={"HOME_DIR": "/srv"})
    assert env.get_property("a") == "/srv/data"
    assert env.get_property("b") == "fallback"
    assert env.get_property("c") == "deep"
    assert env.get_property("d") == "/srv/data-copy"
    # Boot keeps an unresolvable placeholder as text; secrets are checked at binding.
    assert env.get_property("e") == "${UNDEFINED}"
    assert env.get_property("f") == "url=http://localhost:8080/v1"


def test_circular_placeholders_are_an_error(tmp_path: Path) -> None:
    write(tmp_path / "application.properties", "a=${b}\nb=${a}\n")
    with pytest.raises(ValueError, match="Circular placeholder"):
        load(tmp_path).get_property("a")


def test_invalid_yaml_names_the_file(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "a: [unclosed\n")
    with pytest.raises(ValueError, match=r"application\.yml is not valid YAML"):
        load(tmp_path)


def test_yaml_document_that_is_not_a_mapping_is_an_error(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "- a\n- b\n")
    with pytest.raises(ValueError, match="must be a mapping"):
        load(tmp_path)


def test_no_files_means_only_environment_and_overrides(tmp_path: Path) -> None:
    env = load(tmp_path, overrides={"a": 1})
    assert env.get_property("a") == "1"
    assert env.get_property("b", "default") == "default"
    assert not env.contains("b")
    assert env.has_any_under("a") is False


def test_names_under_lists_every_source(tmp_path: Path) -> None:
    write(tmp_path / "application.yml", "m:\n  one: 1\n")
    env = load(tmp_path, environ={"M_TWO": "2"}, overrides={"m.three": 3})
    assert sorted(env.names_under("m")) == ["m.one", "m.three", "m.two"]


def test_a_comment_ending_in_a_backslash_does_not_continue(tmp_path: Path) -> None:
    write(tmp_path / "application.properties", "# logs go to C:\\temp\\\nspring.ai.openai.api-key=abc\n")
    assert load(tmp_path).get_property("spring.ai.openai.api-key") == "abc"


def test_without_an_active_profile_the_default_profile_applies(tmp_path: Path) -> None:
    write(tmp_path / "application-default.properties", "x=from-default\n")
    assert load(tmp_path).get_property("x") == "from-default"
    assert load(tmp_path).active_profiles == ()
    assert load(tmp_path, profiles=["prod"]).get_property("x") is None


@pytest.mark.parametrize(
    ("active", "expected"),
    [((), "not-dev"), (("prod",), "not-dev"), (("dev",), "dev-eu-or-base"), (("dev", "eu"), "dev-eu")],
)
def test_on_profile_takes_spring_profile_expressions(
    tmp_path: Path, active: tuple[str, ...], expected: str
) -> None:
    write(
        tmp_path / "application.yml",
        "x: dev-eu-or-base\n---\nspring.config.activate.on-profile: '!dev'\nx: not-dev\n"
        "---\nspring.config.activate.on-profile: 'dev & (eu | us)'\nx: dev-eu\n",
    )
    assert load(tmp_path, profiles=list(active)).get_property("x") == expected
