"""Translate spring-ai-examples' applications with ``spring_ai_py migrate`` and run each
against the fake OpenAI / Anthropic / Ollama servers (the table in docs/migrating.md).

    python scripts/migrate_examples.py EXAMPLES_CHECKOUT OUT_DIR [APP ...]

EXAMPLES_CHECKOUT is a work tree of github:spring-projects/spring-ai-examples (the app
list and commit are in tests/migrate/spring_ai_examples.txt). Each app is translated into
OUT_DIR/<app>, checked with ruff and mypy, then started unedited with its API base URLs
pointing at the fake servers. What an app reaches outside itself is stood in for:

- MCP stdio connections start the MCP tests' weather server: when the app names a
  servers JSON, ``SPRING_AI_MCP_CLIENT_STDIO_SERVERSCONFIGURATION`` points at one naming
  it instead, and an ``npx`` / ``uvx`` first on ``PATH`` runs it whatever package it is
  asked for (``@modelcontextprotocol/server-brave-search``, ``mcp-server-sqlite`` ...);
- MCP HTTP connections to a server of the same example (``COMPANIONS``) start that
  server's own translation on a free port; other HTTP connections (``STAND_INS``) get
  the weather server over the same transport. Their URLs are given as environment
  variables (``SPRING_AI_MCP_CLIENT_SSE_CONNECTIONS_<NAME>_URL``), as a user would.

A command line app "runs" when it exits 0, or when it ends at the end of its input as
the Java app does (``EOFError`` where Java's ``Scanner`` throws
``NoSuchElementException``) after sending model requests. A server "runs" when it is
still serving after 10 seconds (HTTP ones are asked for ``/mcp``). Nothing is written
outside OUT_DIR.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from spring_ai_py.migrate import migrate
from spring_ai_py.migrate._providers import build_dependencies
from spring_ai_py.test import AnthropicTestServer, OllamaTestServer, OpenAiTestServer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests/mcp"))
from mcp_test_servers import HttpServer  # noqa: E402
from weather_server import build_server  # noqa: E402

APPS = [
    line.strip()
    for line in (ROOT / "tests/migrate/spring_ai_examples.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
REPLY = "Sure. Here is the answer."
#: Apps that parse the model's answer as JSON (``entity(...)``) or need a tool call get
#: these answers first: a string is a text answer, a list is the tool calls of one answer.
SCRIPTED: dict[str, list[Any]] = {
    "advisors/evaluation-recursive-advisor-demo": [[{"name": "weather", "arguments": {"location": "Paris"}}], "Sunny, 15°C in Paris."],
    "agentic-patterns/orchestrator-workers": [
        '{"analysis": "two ways", "tasks": [{"type": "formal", "description": "precise"}, {"type": "friendly", "description": "warm"}]}'
    ],
    "agentic-patterns/routing-workflow": ['{"reasoning": "it is about money", "selection": "billing"}', REPLY] * 3,
    "agentic-patterns/evaluator-optimizer": [
        '{"thoughts": "a stack of two lists", "response": "class MinStack: ..."}',
        '{"evaluation": "NEEDS_IMPROVEMENT", "feedback": "push and pop are missing"}',
        '{"thoughts": "added push and pop", "response": "class MinStack: push pop getMin"}',
        '{"evaluation": "PASS", "feedback": "complete"}',
    ],
    "kotlin/kotlin-hello-world": ['{"setup": "Why did the Kotlin developer cross the road?", "punchline": "To get to the other type."}'],
    "kotlin/kotlin-function-callback": [
        [{"name": "WeatherInfo", "arguments": {"location": "Paris", "lat": 48.86, "lon": 2.35, "unit": "C"}}],
        "Paris: 15°C.",
    ],
    "misc/spring-ai-java-function-callback": [
        [{"name": "WeatherInfo", "arguments": {"location": "Tokyo", "lat": 35.68, "lon": 139.69, "unit": "C"}}],
        "Tokyo: 10°C.",
    ],
    "prompt-engineering/prompt-engineering-patterns": [
        '"POSITIVE"',
        *[REPLY] * 3,
        '{"movie_reviews": [{"sentiment": "NEGATIVE", "name": "Her"}]}',
        *[REPLY] * 7,
        *['{"classification": "IMPORTANT", "reasoning": "a security bug is reported"}'] * 5,
    ],
    "model-context-protocol/dynamic-tool-update/client": ['[{"toolName": "weather", "toolDescription": "the weather of a city"}]'] * 2,
    "advisors/tool-argument-augmenter-demo": [
        [{"name": "weather", "arguments": {"location": "Paris", "innerThought": "the user asks for Paris", "confidence": "high", "memoryNotes": ["Paris"]}}],
        '{"result": "Sunny, 25°C in Paris", "thinking": {"innerThought": "answered from the tool", "confidence": "high", "memoryNotes": ["Paris"]}}',
    ],
}
#: The Ollama server's scripted answers (before its fixed text), for apps with an Ollama model.
OLLAMA_SCRIPTED: dict[str, list[str]] = {
    # The judge model of SelfRefineEvaluationAdvisor answers a rating as JSON.
    # A first rating under its success rating (4) makes it ask the Anthropic model again.
    "advisors/evaluation-recursive-advisor-demo": [
        '{"rating": 2, "evaluation": "the temperature is implausible", "feedback": "check the tool result"}',
        '{"rating": 4, "evaluation": "correct and complete", "feedback": "none"}',
    ],
}
#: MCP HTTP connections answered by the translation of another app of the same example:
#: client app → (server app, environment of the server, connection kind, connection name).
COMPANIONS: dict[str, tuple[str, dict[str, str], str, str]] = {
    # The SSE clients were written for 1.x, whose servers spoke SSE; 2.0.1's default is
    # STREAMABLE, so their servers are started with spring.ai.mcp.server.protocol=SSE.
    "model-context-protocol/dynamic-tool-update/client": ("model-context-protocol/dynamic-tool-update/server", {"SPRING_AI_MCP_SERVER_PROTOCOL": "SSE"}, "sse", "server1"),
    "model-context-protocol/sampling/mcp-sampling-client": ("model-context-protocol/sampling/mcp-sampling-server", {"SPRING_AI_MCP_SERVER_PROTOCOL": "SSE"}, "sse", "server1"),
    "model-context-protocol/mcp-annotations/mcp-annotations-client": ("model-context-protocol/mcp-annotations/mcp-annotations-server", {}, "streamable", "server1"),
    "model-context-protocol/sampling/annotations/mcp-sampling-client-annotations": (
        "model-context-protocol/sampling/annotations/mcp-sampling-server-annotations",
        {},
        "streamable",
        "server1",
    ),
}
#: MCP HTTP connections to a server outside the example: app → (kind, connection name).
STAND_INS: dict[str, tuple[str, str]] = {
    "model-context-protocol/brave-docker-agents-gateway": ("sse", "gateway"),
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _npx(scratch: Path) -> Path:
    """A ``bin`` folder whose ``npx`` and ``uvx`` start the weather server, whatever package they name."""
    folder = scratch / "bin"
    folder.mkdir(exist_ok=True)
    for runner in ("npx", "uvx"):
        script = folder / runner
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{ROOT / "tests/mcp/weather_server.py"}" {runner}-stand-in\n')
        script.chmod(0o755)
    return folder


def _names_servers_json(resources: Path) -> bool:
    """Whether the app's configuration sets ``spring.ai.mcp.client.stdio.servers-configuration``."""
    for path in resources.glob("application*"):
        for line in path.read_text(errors="replace").splitlines():
            if "servers-configuration" in line and not line.lstrip().startswith("#"):
                return True
    return False


def _connection_env(kind: str, name: str, url: str) -> dict[str, str]:
    prefix = "SPRING_AI_MCP_CLIENT_" + ("SSE" if kind == "sse" else "STREAMABLEHTTP") + "_CONNECTIONS_" + name.upper()
    return {f"{prefix}_URL": url}


def _wait_for_port(port: int, process: subprocess.Popen[str], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the companion server did not listen on {port}")


def _outside(stack: ExitStack, app: str, out_root: Path, examples: Path, base_env: dict[str, str]) -> dict[str, str]:
    """Start what ``app`` connects to over HTTP; the environment that points it there."""
    if app in STAND_INS:
        kind, name = STAND_INS[app]
        server = build_server("stand-in")
        http = stack.enter_context(HttpServer(server.sse_app() if kind == "sse" else server.streamable_http_app()))
        return _connection_env(kind, name, http.url)
    if app in COMPANIONS:
        server_app, server_env, kind, name = COMPANIONS[app]
        out = out_root / server_app.replace("/", "_")
        report = migrate(examples / server_app, out)
        port = _free_port()
        env = {**base_env, **server_env, "PYTHONPATH": str(out), "SERVER_PORT": str(port)}
        process = subprocess.Popen([sys.executable, "-m", report.package], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        stack.callback(process.kill)
        _wait_for_port(port, process)
        return _connection_env(kind, name, f"http://127.0.0.1:{port}")
    return {}


def _run(out: Path, package: str, scratch: Path, provider: str, app: str, out_root: Path, examples: Path) -> tuple[str, str]:
    with ExitStack() as stack:
        openai = OpenAiTestServer().start()
        anthropic = AnthropicTestServer().start()
        ollama = OllamaTestServer().start()
        stack.callback(openai.stop)
        stack.callback(anthropic.stop)
        stack.callback(ollama.stop)
        for step in SCRIPTED.get(app, []):
            for fake in (openai, anthropic):
                if isinstance(step, list):
                    fake.enqueue_tool_calls(step)
                else:
                    fake.enqueue_text(step)
        for step in OLLAMA_SCRIPTED.get(app, []) if provider != "ollama" else SCRIPTED.get(app, []):
            ollama.enqueue_text(step)
        for _ in range(40):
            openai.enqueue_text(REPLY)
            anthropic.enqueue_text(REPLY)
            ollama.enqueue_text(REPLY)
        port = _free_port()
        env = {
            **os.environ,
            "PATH": f"{_npx(scratch)}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(out),
            "OPENAI_API_KEY": "sk-test",
            "ANTHROPIC_API_KEY": "sk-ant-test",
            "SPRING_AI_OPENAI_BASE_URL": openai.base_url,
            "SPRING_AI_ANTHROPIC_BASE_URL": anthropic.base_url,
            "SPRING_AI_OLLAMA_BASE_URL": ollama.base_url,
            "SPRING_AI_MODEL_CHAT": provider,
        }
        if _names_servers_json(out / package / "resources"):
            servers = scratch / "mcp-servers.json"
            servers.write_text(json.dumps({"mcpServers": {"weather": {"command": sys.executable, "args": [str(ROOT / "tests/mcp/weather_server.py")]}}}))
            env["SPRING_AI_MCP_CLIENT_STDIO_SERVERSCONFIGURATION"] = str(servers)
        env.update(_outside(stack, app, out_root, examples, env))
        env["SERVER_PORT"] = str(port)
        process = subprocess.Popen([sys.executable, "-m", package], cwd=scratch, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        sources = "".join(p.read_text() for p in (out / package).rglob("*.py"))
        serves = "uvicorn.run(" in sources or "run_stdio()" in sources
        try:
            # A server is judged after 10 s; a command line app may take longer on a loaded machine.
            output, _ = process.communicate("What is Spring AI?\nexit\n", timeout=10 if serves else 60)
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
        bodies = [r.body for r in [*openai.requests, *anthropic.requests, *ollama.requests] if r.path.endswith(("/chat/completions", "/messages", "/api/chat"))]
        requests = len(bodies)
        tools = max((len(b.get("tools") or []) for b in bodies), default=0)
        results = [m.get("content") for b in bodies for m in b.get("messages") or [] if m.get("role") == "tool"]
        sent = f"{requests} model requests" + (f", {tools} tools offered" if tools else "")
        sent += f", {len(results)} tool results" if results else ""
        on_ollama = sum(1 for r in ollama.requests if r.path.endswith("/api/chat"))
        sent += f" ({on_ollama} of them to Ollama)" if on_ollama else ""
        pulls = [r.body.get("model") for r in ollama.requests if r.path.endswith("/api/pull")]
        sent += f", pulled {', '.join(map(str, pulls))}" if pulls else ""
        if process.returncode == 0 and "Traceback (most recent call last)" in output:
            return f"exit 0 after a caught error, {sent}", output[-600:]
        if process.returncode == 0:
            return f"exit 0, {sent}", (f"tool result: {str(results[0])[:200]}\n" if results else "") + output[-400:]
        if requests and output.rstrip().endswith("EOFError: EOF when reading a line"):
            return f"end of input (EOFError), {sent}", output[-400:]
        return f"exit {process.returncode}", output[-600:]


def _on_ollama(examples: Path, app: str, out_root: Path) -> Path:
    """A copy of ``app`` switched to Ollama as its README says: the Ollama starter its
    ``pom.xml`` keeps commented out is uncommented, the Anthropic and OpenAI ones are
    commented out (its ``application.properties`` already configures Ollama)."""
    copy = out_root / ".sources" / (app.replace("/", "_") + "@ollama")
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(examples / app, copy)
    pom = copy / "pom.xml"
    build = pom.read_text()
    dependency = r"<dependency>\s*<groupId>org\.springframework\.ai</groupId>\s*<artifactId>{}</artifactId>\s*</dependency>"
    build = re.sub(r"<!--\s*(" + dependency.format("spring-ai-starter-model-ollama") + r")\s*-->", r"\1", build)
    for other in ("spring-ai-starter-model-anthropic", "spring-ai-starter-model-openai"):
        build = re.sub(r"(?<!<!-- )(" + dependency.format(other) + ")", r"<!-- \1 -->", build)
    starters = build_dependencies(build)
    if "spring-ai-starter-model-ollama" not in starters or "spring-ai-starter-model-anthropic" in starters:
        raise RuntimeError(f"{app}: its pom.xml has no commented-out Ollama starter to switch to")
    pom.write_text(build)
    return copy


def main() -> None:
    examples, out_root = Path(sys.argv[1]), Path(sys.argv[2])
    only = sys.argv[3:] or APPS
    for name in only:
        app = name
        out = out_root / app.replace("/", "_")
        source = examples / app
        if app.endswith("@ollama"):
            app = app.removesuffix("@ollama")
            source = _on_ollama(examples, app, out_root)
        report = migrate(source, out)
        ruff = subprocess.run([str(ROOT / ".venv/bin/ruff"), "check", "-q", "."], cwd=out, capture_output=True, text=True)
        mypy = subprocess.run([str(ROOT / ".venv/bin/mypy"), "--no-error-summary", "."], cwd=out, capture_output=True, text=True)
        mypy_errors = sum(1 for line in mypy.stdout.splitlines() if ": error:" in line)
        status, tail = ("no main", "")
        if (out / report.package / "__main__.py").exists():
            scratch = out / ".run"
            scratch.mkdir(exist_ok=True)
            started = time.monotonic()
            build = "".join(p.read_text() for p in source.glob("build.gradle*")) + ((source / "pom.xml").read_text() if (source / "pom.xml").exists() else "")
            provider = "ollama" if source != examples / app else "openai" if "model-openai" in build_dependencies(build) else "anthropic"
            status, tail = _run(out, report.package, scratch, provider, app, out_root, examples)
            status += f" in {time.monotonic() - started:.0f}s"
        print(json.dumps({"app": name, "modules": len(report.modules), "todo": len(report.untranslated), "ruff": ruff.returncode, "mypy": mypy_errors, "run": status, "tail": tail}), flush=True)


if __name__ == "__main__":
    main()
