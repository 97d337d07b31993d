"""The Kotlin front end: Kotlin in, Python out through the Java rules; what it cannot
spell is listed in MIGRATION.md with its Kotlin line."""

from __future__ import annotations

from pathlib import Path

import pytest
from migrate_helpers import ruff

pytest.importorskip("tree_sitter_kotlin")

from spring_ai_py.migrate._kotlin import kotlin_to_java


def _kotlin_project(root: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        target = root / "src/main/kotlin" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
    (root / "pom.xml").write_text("<project/>", encoding="utf-8")
    return root


SNIPPETS = [
    ("template", 'fun f(name: String, n: Int): String = "Hi $name, ${n + 1}!"', ("f", ("Ada", 2), "Hi Ada, 3!")),
    ("elvis", "fun f(name: String?): String = name ?: \"nobody\"", ("f", (None,), "nobody")),
    ("list_of", "fun f(): List<Int> = listOf(1, 2, 3)", ("f", (), [1, 2, 3])),
    ("map_of", 'fun f(): Map<String, Int> = mapOf("a" to 1, "b" to 2)', ("f", (), {"a": 1, "b": 2})),
    ("for_loop", "fun f(xs: List<Int>): Int {\n var total = 0\n for (x in xs) {\n total += x\n }\n return total\n}", ("f", ([1, 2, 3],), 6)),
    ("trim_indent", 'fun f(): String = """\n    one\n      two\n""".trimIndent()', ("f", (), "one\n  two")),
    ("if_else", 'fun f(n: Int): String {\n if (n > 1) {\n return "many"\n } else if (n == 1) {\n return "one"\n } else {\n return "none"\n }\n}', ("f", (0,), "none")),
    ("lambda", "fun f(): (Int) -> Int = { x -> x * 2 }", ("f", (), None)),
]


@pytest.mark.parametrize(("name", "body", "call"), SNIPPETS, ids=[s[0] for s in SNIPPETS])
def test_kotlin_snippet(translate, tmp_path: Path, name: str, body: str, call) -> None:
    source = f"package com.acme\n\nclass Demo {{\n{body}\n}}\n"
    app = translate(_kotlin_project(tmp_path / name, {"com/acme/Demo.kt": source}))
    assert ruff(app.output).returncode == 0, app.source("demo")
    assert app.report.untranslated == [], app.migration_md()
    method, args, result = call
    value = getattr(app.load("demo").Demo(), method)(*args)
    if result is not None:
        assert value == result
    else:
        assert value(4) == 8


def test_data_class_and_enum_become_a_pydantic_model_and_an_enum(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme\n\n"
        "data class Reading(val city: String, val level: Level)\n\n"
        'enum class Level(val label: String) {\n    LOW("calm"),\n    HIGH("stormy");\n}\n'
    )
    app = translate(_kotlin_project(tmp_path / "types", {"com/acme/Types.kt": source}))
    assert ruff(app.output).returncode == 0
    types = app.load("types")
    reading = types.Reading.model_validate({"city": "Oslo", "level": "HIGH"})
    assert (reading.city, reading.level.label) == ("Oslo", "stormy")
    assert reading.model_dump(mode="json") == {"city": "Oslo", "level": "HIGH"}


UNSEEN_KOTLIN = """package com.acme.unseen

import org.springframework.ai.chat.client.ChatClient

object Registry {
    val names = mutableListOf<String>()
}

class Unseen(private val client: ChatClient) {

    fun describe(code: Int): String {
        val label = when (code) {
            1 -> "one"
            else -> "many"
        }
        return label
    }

    fun shout(text: String?): String? {
        val upper = text?.uppercase()
        return upper
    }

    fun twice(value: Int): Int = value * 2
}
"""


def test_an_unseen_kotlin_file_lists_every_construct_with_its_kotlin_line(translate, tmp_path: Path) -> None:
    app = translate(_kotlin_project(tmp_path / "unseen", {"com/acme/unseen/Unseen.kt": UNSEEN_KOTLIN}))
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    listed = {(f.file.rsplit("/", 1)[-1], f.line) for f in app.report.untranslated}
    assert ("Unseen.kt", 5) in listed  # object declaration
    assert ("Unseen.kt", 12) in listed  # when
    assert ("Unseen.kt", 20) in listed  # safe call ?.
    report = app.migration_md()
    assert "src/main/kotlin/com/acme/unseen/Unseen.kt:12" in report
    assert "when expression" in report
    code = app.source("unseen")
    assert "TODO(migrate)" in code
    assert app.load("unseen").Unseen(None).twice(21) == 42


def test_the_java_spelling_keeps_the_kotlin_line_of_each_line() -> None:
    spelled = kotlin_to_java(b"package a\n\nclass A {\n    fun f(): Int = 1\n}\n")
    assert "Integer f() {" in spelled.java
    assert spelled.lines[spelled.java.split("\n").index("    Integer f() {")] == 4
