"""Count the public signatures that say ``Any``, in the modules a provider or a user sees.

Walks the modules below (the provider base, the options, the builder mechanism and the
ChatClient specs) and counts, for every public function and method (its name and every
enclosing class name without a leading underscore), the parameter and return
annotations whose text contains ``Any``. ``python scripts/count_public_any.py`` prints
one line per annotation and the total per module; ``--total`` prints the total only;
``--root DIR`` counts in another checkout (an older commit's, to compare).
"""

from __future__ import annotations

import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = (
    "spring_ai_py/model/provider.py",
    "spring_ai_py/model/option_fields.py",
    "spring_ai_py/chat/prompt/chat_options.py",
    "spring_ai_py/model/tool/tool_calling_chat_options.py",
    "spring_ai_py/model/tool/structured_output_chat_options.py",
    "spring_ai_py/openai/chat_options.py",
    "spring_ai_py/anthropic/chat_options.py",
    "spring_ai_py/_builder.py",
    "spring_ai_py/chat/client/chat_client.py",
    "spring_ai_py/chat/client/specs.py",
    "spring_ai_py/chat/client/response_specs.py",
)
_ANY = re.compile(r"\bAny\b")


def _annotations(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, str]]:
    arguments = function.args
    every = [
        *arguments.posonlyargs,
        *arguments.args,
        *arguments.kwonlyargs,
        *([arguments.vararg] if arguments.vararg else []),
        *([arguments.kwarg] if arguments.kwarg else []),
    ]
    found = [(a.arg, ast.unparse(a.annotation)) for a in every if a.annotation is not None]
    if function.returns is not None:
        found.append(("return", ast.unparse(function.returns)))
    return found


def public_any(path: pathlib.Path) -> list[str]:
    """``qualname(parameter): annotation`` for each public annotation naming ``Any``."""
    hits: list[str] = []

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.If):  # TYPE_CHECKING blocks hold public stubs too
                walk(node.body, prefix)
                walk(node.orelse, prefix)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                public = not node.name.startswith("_") or (
                    node.name.startswith("__") and node.name.endswith("__")
                )
                if not public:
                    continue
                for name, text in _annotations(node):
                    if _ANY.search(text):
                        hits.append(f"{prefix}{node.name}({name}): {text}")

    walk(ast.parse(path.read_text()).body, "")
    return hits


def main(argv: list[str]) -> int:
    root = pathlib.Path(argv[argv.index("--root") + 1]) if "--root" in argv else ROOT
    total = 0
    for module in MODULES:
        if not (root / module).exists():
            continue
        hits = public_any(root / module)
        total += len(hits)
        if "--total" not in argv:
            for hit in hits:
                print(f"{module}: {hit}")
            print(f"{module}: {len(hits)}")
    print(f"total: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
