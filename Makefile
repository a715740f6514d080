# `make demo` and `make test` work on a fresh machine: they create .venv and install what they need.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: demo test soak bench nojit clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

# One stamp per extra set, rebuilt when pyproject.toml changes.
$(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[$*]'
	touch $@

$(VENV)/.installed-core: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

demo: $(VENV)/.installed-viz
	$(BIN)/meeplegym demo

# `meeplegym warmup` compiles every game's kernels first (one process per game, or loads them from the
# cache: bounds-checked kernels have a cache folder of their own), then two pytest-xdist workers run the
# tests, each test module on one worker; `make test TEST_WORKERS=0` runs them in a single process.
# The train extra is installed too, so the training tests run (torch is the pinned CPU build).
TEST_WORKERS ?= 2
test: $(VENV)/.installed-test $(VENV)/.installed-train browser
	NUMBA_BOUNDSCHECK=1 $(BIN)/meeplegym warmup --parts engine,vector,bots,checker
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest -m "not soak" -q -n $(TEST_WORKERS) --dist loadfile

# The replay page's browser test drives Debian's Chromium; installed here where apt can, skipped where it cannot.
browser:
	@command -v chromium >/dev/null 2>&1 || ( command -v apt-get >/dev/null 2>&1 && \
	  ( DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 || \
	    ( apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 ) ) ) || \
	  echo "no Chromium here: the replay page's browser test will be skipped"

# First 100,000 mutated saved states per game (issue 47), bounds-checked: each rejected cleanly or played
# 500 checked decisions on, about an hour on both cores; `make soak SOAK_MUTATIONS=5000` for a short run.
# Then 100,000 bot games per game (issue 13), both cores. Hours: the Imperium bots play ~5 games/s per core;
# `make soak SOAK_BOT_GAMES=1000` for a short run. The ledgers in benchmarks/results/ keep the bot games
# played so far: a stopped `make soak` carries on where it stopped, and a finished one plays no bot game again.
SOAK_BOT_GAMES ?= 100000
SOAK_MUTATIONS ?= 100000
soak: $(VENV)/.installed-test
	NUMBA_BOUNDSCHECK=1 $(BIN)/python benchmarks/fuzz_states.py --mutations $(SOAK_MUTATIONS) --workers 2 --write \
	  --no-progress
	$(BIN)/python benchmarks/soak.py --write --no-progress --bot-games $(SOAK_BOT_GAMES) --workers 2 \
	  --bot-ledgers benchmarks/results
	$(BIN)/python -m pytest -m soak -q

# Pure-Python engine run (coverage/debug mode) of the engine-agreement tests.
nojit: $(VENV)/.installed-test
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest -q tests/scythe/test_scythe_invariants.py -k "nojit or smoke"

bench: $(VENV)/.installed-bench
	$(BIN)/python benchmarks/throughput.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
