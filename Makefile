# The README's two commands: `make demo` and `make test`. Both do all set-up, idempotently.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS := dev,local,ray

.PHONY: setup system venv demo test lint bench clean

setup: system venv

system:
	@bash scripts/setup-system.sh

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "vera setup: Python >= 3.11 required (found $$($(PYTHON) --version))" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip
	@echo "vera setup: installing vera[$(EXTRAS)] into $(VENV) (first time: a few minutes)"
	@$(BIN)/python -m pip install -q -e ".[$(EXTRAS)]"
	@touch $(STAMP)

venv: $(STAMP)

# The main job on the embedded defaults: bwrap sandbox, bundled benchmark, local model.
demo: setup
	@$(BIN)/vera sandbox check
	@$(BIN)/vera run

# The whole test suite.
test: setup
	@$(BIN)/python -m pytest -n 2 --dist loadgroup

lint: venv
	@$(BIN)/ruff check src tests benchmarks bench/generators

bench: setup
	@for f in benchmarks/*.py; do case $$f in */_*) continue;; esac; echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
