#!/usr/bin/env bash
# `make bench`: the benchmark suite. Results print to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python bench/chain_overhead.py "$@"
