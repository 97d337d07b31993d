#!/usr/bin/env bash
# `make bench`: the benchmark suite; results print to stdout (see docs/performance.md).
#
#   bash bench/run.sh            full run (about 5 minutes)
#   bash bench/run.sh --quick    fewer rounds (about a minute); or `make bench QUICK=1`
#
# The suite runs in its own environment, .venv-bench, made from bench/requirements.txt
# on first use (and again when that file changes): the peer frameworks it compares
# against are installed there only.
set -euo pipefail
cd "$(dirname "$0")/.."

quick="${QUICK:-}"
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        *) echo "usage: bash bench/run.sh [--quick]" >&2; exit 2 ;;
    esac
done

BENCH_VENV=.venv-bench
STAMP="$BENCH_VENV/.requirements-stamp"
if [ ! -f "$STAMP" ] || ! cmp -s bench/requirements.txt "$STAMP"; then
    echo "Setting up $BENCH_VENV from bench/requirements.txt ..." >&2
    "${PYTHON:-python3}" -m venv "$BENCH_VENV"
    "$BENCH_VENV/bin/python" -m pip install --quiet --upgrade pip
    "$BENCH_VENV/bin/python" -m pip install --quiet -r bench/requirements.txt
    cp bench/requirements.txt "$STAMP"
fi

echo "== ChatClient chain overhead, in-process model (bench/chain_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/chain_overhead.py --rounds 10
else
    .venv/bin/python bench/chain_overhead.py
fi

echo
echo "== Suite: raw SDK, spring_ai_py, LangChain, pydantic-ai (bench/suite.py) =="
if [ -n "$quick" ]; then
    "$BENCH_VENV/bin/python" bench/suite.py --quick
else
    "$BENCH_VENV/bin/python" bench/suite.py
fi

echo
echo "== Google GenAI provider against the raw google-genai SDK (bench/gemini_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/gemini_overhead.py --calls 50 --rounds 3
else
    .venv/bin/python bench/gemini_overhead.py
fi

echo
echo "== 1,000 concurrent awaited calls, server answering after 50 ms (bench/async_calls.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/async_calls.py --calls 300
else
    .venv/bin/python bench/async_calls.py
fi

echo
echo "== OpenTelemetry on: what the library adds to the SDK's own span cost (bench/otel_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/otel_overhead.py --quick
else
    .venv/bin/python bench/otel_overhead.py
fi

echo
echo "== StreamGuardAdvisor: hold-release cost per chunk against a hand-made filter (bench/stream_guard.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/stream_guard.py --rounds 10
else
    .venv/bin/python bench/stream_guard.py
fi

echo
echo "== MCP tool calls against the raw mcp SDK's call_tool (bench/mcp_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/mcp_overhead.py --rounds 5 --calls 20
else
    .venv/bin/python bench/mcp_overhead.py
fi

echo
echo "== Ollama provider against the raw ollama SDK (bench/ollama_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/ollama_overhead.py --rounds 5 --calls 20
else
    .venv/bin/python bench/ollama_overhead.py
fi

echo
echo "== 10,000 concurrent streams with chat memory; 1,000 from threads (bench/concurrency_scale.py) =="
if [ -n "$quick" ]; then
    "$BENCH_VENV/bin/python" bench/concurrency_scale.py --quick
else
    "$BENCH_VENV/bin/python" bench/concurrency_scale.py
fi

echo
echo "== Approval gates and durable turns (bench/hitl_overhead.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/hitl_overhead.py --rounds 5 --calls 100
else
    .venv/bin/python bench/hitl_overhead.py
fi

echo
echo "== stream().events() per chunk against content() and a hand-written loop (bench/stream_events.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/stream_events.py --rounds 5 --streams 5
else
    .venv/bin/python bench/stream_events.py
fi

echo
echo "== Whole-exchange limits: bounded SDK client against a plain one (bench/wire_limits.py) =="
if [ -n "$quick" ]; then
    .venv/bin/python bench/wire_limits.py --rounds 10 --batch 10
else
    .venv/bin/python bench/wire_limits.py
fi

echo
echo "== Cost against size: documents, stored messages, tools (bench/scale.py) =="
if [ -n "$quick" ]; then
    "$BENCH_VENV/bin/python" bench/scale.py --quick
else
    "$BENCH_VENV/bin/python" bench/scale.py
fi
