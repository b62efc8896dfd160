# The two commands of the README. Each sets up .venv when it is missing (or when
# pyproject.toml / constraints.txt changed since), then runs its job.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test train lint setup

test: $(STAMP)
	$(BIN)/python -m pytest -q
	$(BIN)/lint-imports
	$(BIN)/ruff check .

train: $(STAMP)
	$(BIN)/hydra-env train

lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check .

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -c constraints.txt -e ".[all]"
	touch $(STAMP)
