"""``spring_ai_py migrate``: a Spring AI application in Java or Kotlin becomes a runnable
Python one.

    from spring_ai_py.migrate import migrate

    report = migrate("path/to/spring-boot-app", "out")
    for finding in report.untranslated:
        print(finding.file, finding.line, finding.construct, finding.todo)

Needs the ``migrate`` extra (``tree-sitter``, ``tree-sitter-java`` and, for Kotlin
sources, ``tree-sitter-kotlin``). Kotlin files are spelled as Java first, so one set of
rules translates both. See ``docs/migrate-command.md`` for the rules and what is left for
a person.
"""

from spring_ai_py.migrate._model import Finding
from spring_ai_py.migrate._project import MigrationReport, migrate

__all__ = ["Finding", "MigrationReport", "migrate"]
