# Every target creates or reuses .venv and installs what it needs, so a fresh
# clone needs nothing but Python >= 3.11.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test test-quick lint format tournament serve deal bench load soak ladder clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --no-compile -e '.[dev]'
	$(BIN)/python -m compileall -q -j 0 -x '/tests?/|/testing/' $(VENV)/lib >/dev/null  # on every core (pip's own is one); not the packages' tests (torch's testing holds Python 3.12 syntax): nothing imports them
	touch $(STAMP)

install: $(STAMP)

# every test, one worker per core (tests/conftest.py compiles each game's kernels first)
test: $(STAMP)
	$(BIN)/ruff check sim bots tests examples
	$(BIN)/python -m pytest -n auto --dist loadfile --durations=15

# the edit loop: every test but the slow ones (processes, the browser, injected faults)
test-quick: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check sim bots tests examples
	$(BIN)/ruff format --check sim bots tests

format: $(STAMP)
	$(BIN)/ruff format sim bots tests
	$(BIN)/ruff check --fix sim bots tests examples

tournament: $(STAMP)
	$(BIN)/trixsim tournament --bots greedy,mcts

# the table in the browser on http://127.0.0.1:8000 (docs/web.md)
serve: $(STAMP)
	$(BIN)/trixsim serve

# Speed and strength of every registered game, beside a plain-Python engine and OpenSpiel
# (installed here as the bench extra), into results/bench.md. GAME=<name> measures one
# game only (results/bench-<name>.md).
GAME ?=
bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev,bench]' || echo "bench: open_spiel unavailable, its row will say so"
	$(BIN)/python -m tests.bench_python --out results/bench-python.json $(if $(GAME),--game $(GAME))
	$(BIN)/python -m sim.bench --python results/bench-python.json $(if $(GAME),--game $(GAME))

# 200 tables of `trixsim serve` at once on loopback, each with one WebSocket client and
# bots, played at full speed for 60 s (the server warms up for about 30): errors, lost
# moves, server memory, move latency
load: $(STAMP)
	$(BIN)/python -m sim.bench.load

soak: $(STAMP)  # the load for 20 minutes: memory bounded at steady state (#47.6)
	$(BIN)/python -m sim.bench.load --seconds 1200

deal: $(STAMP)
	$(BIN)/trixsim deal --seed 1

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache

# the bot ladder of every game into docs/ladder/<game>.md (three hours or more from a fresh
# clone on a 2-core machine; pairings already played there are kept, docs/usage.md#the-bot-ladders)
ladder: $(STAMP)
	for g in $$($(BIN)/trixsim games | cut -d' ' -f1); do \
	    $(BIN)/trixsim ladder --game $$g --out docs/ladder || exit 1; done
