"""The command line: ``spring_ai_py migrate SRC_DIR -o OUT_DIR`` (console script) and
``python -m spring_ai_py.migrate SRC_DIR -o OUT_DIR``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from spring_ai_py.migrate._project import migrate


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="SRC_DIR", help="the Spring Boot project folder (Maven or Gradle layout)")
    parser.add_argument("-o", "--output", metavar="OUT_DIR", required=True, help="where the Python package goes")


def _run(arguments: argparse.Namespace) -> int:
    try:
        report = migrate(arguments.source, arguments.output)
    except ValueError as error:
        print(f"spring_ai_py migrate: {error}", file=sys.stderr)
        return 2
    todo = len(report.untranslated)
    print(
        f"{report.package}: {len(report.modules)} modules written to {report.output}; "
        f"{len(report.findings) - todo} constructs translated, {todo} left as TODO(migrate) "
        f"(see {report.output / 'MIGRATION.md'})"
    )
    return 0


def migrate_main(argv: Sequence[str] | None = None) -> int:
    """``python -m spring_ai_py.migrate SRC_DIR -o OUT_DIR``."""
    parser = argparse.ArgumentParser(prog="python -m spring_ai_py.migrate", description="Translate a Spring AI application in Java into a Python package.")
    _add_arguments(parser)
    return _run(parser.parse_args(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """The ``spring_ai_py`` console script; its one command is ``migrate``."""
    parser = argparse.ArgumentParser(prog="spring_ai_py")
    commands = parser.add_subparsers(dest="command", required=True)
    _add_arguments(commands.add_parser("migrate", help="translate a Spring AI application in Java into a Python package"))
    return _run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(migrate_main())
