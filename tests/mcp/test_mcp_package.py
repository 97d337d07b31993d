"""The ``spring_ai_py.mcp`` package: its lazy exports, and the optional SDK."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import spring_ai_py.mcp as mcp_package
import spring_ai_py.mcp.annotation as annotation_package

INIT = Path(mcp_package.__file__)


def test_every_exported_name_resolves() -> None:
    for name in mcp_package.__all__:
        assert getattr(mcp_package, name) is not None, name
    for name in annotation_package.__all__:
        assert getattr(annotation_package, name) is not None, name


def test_the_type_checking_copy_matches_the_exports() -> None:
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    typed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom)
                typed.update(alias.asname or alias.name for alias in statement.names)
    assert typed == set(mcp_package.__all__)


def test_importing_spring_ai_py_does_not_import_the_sdk() -> None:
    code = "import json, sys, spring_ai_py; print(json.dumps('mcp' in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) is False


def test_without_the_sdk_the_error_names_the_extra() -> None:
    code = (
        "import sys\n"
        "class Blocker:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'mcp' or name.startswith('mcp.'):\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, Blocker())\n"
        "try:\n"
        "    import spring_ai_py.mcp\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
        cwd=str(INIT.parent.parent.parent),
    )
    assert result.returncode == 0, result.stderr
    assert "pip install 'spring_ai_py[mcp]'" in result.stdout


def test_connection_configs_apply_springs_default_endpoints() -> None:
    from spring_ai_py.mcp import McpSseConnection, McpStdioConnection, McpStreamableHttpConnection

    assert McpStreamableHttpConnection("http://h:1").endpoint_url == "http://h:1/mcp"
    assert McpStreamableHttpConnection("http://h:1/", None).endpoint_url == "http://h:1/mcp"
    assert McpStreamableHttpConnection("http://h:1/api/mcp", "").endpoint_url == "http://h:1/api/mcp"
    assert McpSseConnection("http://h:1").endpoint_url == "http://h:1/sse"
    assert McpSseConnection("http://h:1", "/events").endpoint_url == "http://h:1/events"
    params = McpStdioConnection("npx", ["-y", "server"], {"K": "V"}).server_target()
    assert (params.command, params.args, params.env) == ("npx", ["-y", "server"], {"K": "V"})
    try:
        McpStdioConnection("")
    except ValueError as error:
        assert str(error) == "command cannot be null or empty"
    else:
        raise AssertionError("expected ValueError")
