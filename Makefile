# The README's two commands: `make test` and `make run`. Both create .venv by themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Optional mypyc build of the hot Cartolan modules (tools/build_native.py): rebuilt when a
# Cartolan source changes; never fails the build, Cartolan then runs as pure Python.
NATIVE := build/native/stamp
NATIVE_SOURCES := $(wildcard gamecore/games/cartolan/*.py) gamecore/contract.py gamecore/rng.py \
	tools/build_native.py

.PHONY: install native test run preview play lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,native]"
	touch $(STAMP)

$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python tools/build_native.py

install: $(STAMP) $(NATIVE)

native: $(STAMP)
	$(BIN)/python tools/build_native.py

test: install
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy
	$(BIN)/python -m vulture
	# Bytecode is written even where the environment asks not to (PYTHONDONTWRITEBYTECODE):
	# every test process and subprocess would compile the project and rewrite the test
	# modules' asserts again (half of a collection's CPU). Work stealing keeps both workers
	# busy to the end (a long test at the end of one worker's share no longer runs alone).
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal -p no:cacheprovider
	# the Cartolan core once more as pure Python, the reference the compiled modules follow
	PYTHONDONTWRITEBYTECODE= CARTOLAN_PURE=1 $(BIN)/python -m pytest -n 2 --dist worksteal \
		-p no:cacheprovider tests/gamecore/cartolan

run: install
	$(BIN)/python bot.py

# The bot, unchanged, against a simulated Discord in a local browser page: no account, no token.
preview: install
	$(BIN)/python tools/preview.py

play: install
	$(BIN)/python -m gamecore play $(or $(GAME),cartographer)

lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy
	$(BIN)/python -m vulture

bench: install
	$(BIN)/python bench/core.py

clean:
	rm -rf $(VENV) build *.egg-info gamecore/games/cartolan/_native
