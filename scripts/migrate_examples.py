"""Translate spring-ai-examples' applications with ``spring_ai_py migrate`` and run each
against the fake OpenAI / Anthropic servers (the table in docs/migrating.md).

    python scripts/migrate_examples.py EXAMPLES_CHECKOUT OUT_DIR

EXAMPLES_CHECKOUT is a work tree of github:spring-projects/spring-ai-examples (the app
list and commit are in tests/migrate/spring_ai_examples.txt). Each app is translated into
OUT_DIR/<app>, checked with ruff and mypy, then started with its API base URLs pointing at
the fake servers and MCP stdio connections pointing at the test weather server. A command
line app "runs" when it exits 0; a server "runs" when it is still serving after a few
seconds (web apps also answer one request).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from spring_ai_py.migrate import migrate
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer

ROOT = Path(__file__).resolve().parents[1]
APPS = [
    line.strip()
    for line in (ROOT / "tests/migrate/spring_ai_examples.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
REPLY = "Sure. Here is the answer."
#: Apps that parse the model's answer as JSON (``entity(...)``) get these answers first.
STRUCTURED_REPLIES = {
    "agentic-patterns/orchestrator-workers": [
        '{"analysis": "two ways", "tasks": [{"type": "formal", "description": "precise"}, {"type": "friendly", "description": "warm"}]}'
    ],
    "agentic-patterns/routing-workflow": ['{"reasoning": "it is about money", "selection": "billing"}', REPLY] * 3,
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(out: Path, package: str, scratch: Path, provider: str, app: str) -> tuple[str, str]:
    openai = OpenAiTestServer().start()
    anthropic = AnthropicTestServer().start()
    try:
        for structured in STRUCTURED_REPLIES.get(app, []):
            openai.enqueue_text(structured)
            anthropic.enqueue_text(structured)
        for _ in range(40):
            openai.enqueue_text(REPLY)
            anthropic.enqueue_text(REPLY)
        servers = scratch / "mcp-servers.json"
        servers.write_text(json.dumps({"mcpServers": {"weather": {"command": sys.executable, "args": [str(ROOT / "tests/mcp/weather_server.py")]}}}))
        port = _free_port()
        env = {
            **os.environ,
            "PYTHONPATH": str(out),
            "OPENAI_API_KEY": "sk-test",
            "ANTHROPIC_API_KEY": "sk-ant-test",
            "SPRING_AI_OPENAI_BASE_URL": openai.base_url,
            "SPRING_AI_ANTHROPIC_BASE_URL": anthropic.base_url,
            "SPRING_AI_MCP_CLIENT_STDIO_SERVERSCONFIGURATION": str(servers),
            "SERVER_PORT": str(port),
            "SPRING_AI_MODEL_CHAT": provider,
        }
        process = subprocess.Popen([sys.executable, "-m", package], cwd=scratch, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            output, _ = process.communicate("What is Spring AI?\nexit\n", timeout=8)
        except subprocess.TimeoutExpired:
            answered = ""
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/mcp", timeout=3) as response:
                    answered = f" (HTTP {response.status})"
            except OSError as error:
                answered = f" (HTTP: {getattr(error, 'code', 'no answer')})"
            process.kill()
            output, _ = process.communicate()
            return "serving" + answered, output[-400:]
        requests = len(openai.requests) + len(anthropic.requests)
        if process.returncode == 0:
            return f"exit 0, {requests} model requests", output[-400:]
        return f"exit {process.returncode}", output[-600:]
    finally:
        openai.stop()
        anthropic.stop()


def main() -> None:
    examples, out_root = Path(sys.argv[1]), Path(sys.argv[2])
    only = sys.argv[3:] or APPS
    for app in only:
        out = out_root / app.replace("/", "_")
        report = migrate(examples / app, out)
        ruff = subprocess.run([str(ROOT / ".venv/bin/ruff"), "check", "-q", "."], cwd=out, capture_output=True, text=True)
        mypy = subprocess.run([str(ROOT / ".venv/bin/mypy"), "--no-error-summary", "."], cwd=out, capture_output=True, text=True)
        mypy_errors = sum(1 for line in mypy.stdout.splitlines() if ": error:" in line)
        status, tail = ("no main", "")
        if (out / report.package / "__main__.py").exists():
            scratch = out / ".run"
            scratch.mkdir(exist_ok=True)
            started = time.monotonic()
            build = (examples / app / "pom.xml").read_text() if (examples / app / "pom.xml").exists() else ""
            provider = "openai" if "starter-model-openai" in build else "anthropic"
            status, tail = _run(out, report.package, scratch, provider, app)
            status += f" in {time.monotonic() - started:.0f}s"
        print(json.dumps({"app": app, "modules": len(report.modules), "todo": len(report.untranslated), "ruff": ruff.returncode, "mypy": mypy_errors, "run": status, "tail": tail}), flush=True)


if __name__ == "__main__":
    main()
