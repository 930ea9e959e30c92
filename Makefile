# The README's two commands: `make test` and `make run`. Both create .venv by themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test run play lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

run: $(STAMP)
	$(BIN)/python bot.py

play: $(STAMP)
	$(BIN)/python -m gamecore play $(or $(GAME),cartographer)

lint: $(STAMP)
	$(BIN)/python -m ruff check .

bench: $(STAMP)
	$(BIN)/python bench/core.py

clean:
	rm -rf $(VENV) build *.egg-info
