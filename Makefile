# Set-up and checks. `make demo` and `make test` work on a fresh machine:
# they create .venv, install the project with its dev extra, then run.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: venv demo test lint typecheck docs unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

demo: venv
	$(BIN)/python examples/quickstart.py

lint: venv
	$(BIN)/ruff check spring_ai_py tests examples bench

typecheck: venv
	$(BIN)/mypy spring_ai_py
	$(BIN)/mypy --strict --warn-unused-ignores tests/typing
	$(BIN)/basedpyright tests/typing
	$(BIN)/python scripts/gen_builders.py --check

docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

unit: venv
	bash scripts/with-postgres.sh $(BIN)/pytest

test: lint typecheck docs unit

bench: venv
	bash bench/run.sh

clean:
	rm -rf $(VENV) site .pg .mypy_cache .ruff_cache .pytest_cache
