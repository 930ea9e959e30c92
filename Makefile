# The README's two commands: `make test` and `make run`. Both create .venv by themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# bash for `time`: each long step prints how long it took (wall and CPU seconds)
SHELL := /bin/bash
export TIMEFORMAT := -- %0R s wall, %0U s CPU
# Optional mypyc build of the hot Cartolan modules (tools/build_native.py): rebuilt when a
# Cartolan source changes; never fails the build, Cartolan then runs as pure Python. A plain
# build (one compile, ~45 s of CPU); `make native` builds it profile-guided (~110 s of CPU,
# about 10 % faster simulations) for long simulations and benches.
NATIVE := build/native/stamp
NATIVE_SOURCES := $(wildcard gamecore/games/cartolan/*.py) gamecore/contract.py gamecore/rng.py \
	tools/build_native.py

.PHONY: install native test test-pure run preview play lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv (from PyPI, into the venv) installs the same packages as pip, at the same versions, in a
# tenth of the time (15 s against 180 s on two busy cores); where uv cannot be installed or
# fails, pip installs them.
$(STAMP): $(BIN)/python pyproject.toml
	time { { $(BIN)/python -m pip install --quiet uv \
		&& $(BIN)/python -m uv pip install --quiet --python $(BIN)/python -e ".[test,native]"; } \
	|| { $(BIN)/python -m pip install --quiet --upgrade pip \
		&& $(BIN)/python -m pip install --quiet -e ".[test,native]"; }; }
	touch $(STAMP)

$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	time $(BIN)/python tools/build_native.py

install: $(STAMP) $(NATIVE)

native: $(STAMP)
	$(BIN)/python tools/build_native.py --profile-guided

# The native build, the lint steps and the pure-Python pass of the Cartolan core share
# nothing: two at a time, side by side (each target's output printed whole when it ends; the
# build is partly one process, mypyc's own type check, so a second core would idle), then the
# whole suite runs against the built modules.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j 2 --output-sync=target $(NATIVE) lint test-pure
	# Bytecode is written even where the environment asks not to (PYTHONDONTWRITEBYTECODE):
	# every test process and subprocess would compile the project and rewrite the test
	# modules' asserts again (half of a collection's CPU). Work stealing keeps both workers
	# busy to the end (a long test at the end of one worker's share no longer runs alone).
	# The 15 slowest tests are listed at the end: where the next minute of the suite is.
	time PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal -p no:cacheprovider \
		--durations=15

# The Cartolan core once more as pure Python, the reference the compiled modules follow
# (CARTOLAN_PURE=1 never loads them, so it needs no build).
test-pure: $(STAMP)
	time PYTHONDONTWRITEBYTECODE= CARTOLAN_PURE=1 $(BIN)/python -m pytest -n 2 --dist worksteal \
		-p no:cacheprovider tests/gamecore/cartolan

run: install
	$(BIN)/python bot.py

# The bot, unchanged, against a simulated Discord in a local browser page: no account, no token.
preview: install
	$(BIN)/python tools/preview.py

play: install
	$(BIN)/python -m gamecore play $(or $(GAME),cartographer)

lint: $(STAMP)
	time $(BIN)/python -m ruff check .
	time $(BIN)/python -m ruff format --check .
	time $(BIN)/python -m mypy
	time $(BIN)/python -m vulture

bench: install
	$(BIN)/python bench/core.py

clean:
	rm -rf $(VENV) build *.egg-info gamecore/games/cartolan/_native
