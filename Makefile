# hexfront: two commands on a fresh machine.
#   make run    install into .venv and start the app on http://127.0.0.1:8000
#   make test   install into .venv and run every check and test

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := dev,server,postgres,mapgen,bench,research,ray

.PHONY: run test lint typecheck pytest bench bench-ai fuzz fuzz-sw golden install clean map web compile

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/hexfront serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests tools bench
	$(BIN)/ruff format --check src tests tools bench
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/hexfront/engine src/hexfront/games src/hexfront/ai/bite_tools
	$(BIN)/mypy src/hexfront bench tools

pytest: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck pytest

# Rebuild the browser client (needs Node 20+; the built bundle is committed, so users and CI
# need no Node): web/ -> src/hexfront/server/static/app/ with its manifest.json.
web:
	cd web && npm ci --no-audit --no-fund && npm run build

# Regenerate the committed maps (BITE, Stalin's War) from ../shared/geodata and tools/mapgen/curated.
map: $(STAMP)
	$(BIN)/python -m tools.mapgen
	$(BIN)/python -m tools.mapgen --game stalins_war

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet open_spiel || echo "open_spiel not installable: no OpenSpiel yardstick"
	$(BIN)/python bench/run.py
	$(BIN)/hexfront bench bite --json | tee bench/results/bite_python.json
	if $(BIN)/python -m tools.compile; then \
		PYTHONPATH=build/compiled $(BIN)/hexfront bench bite --json | tee bench/results/bite.json; \
	else cp bench/results/bite_python.json bench/results/bite.json; fi
	$(BIN)/python bench/server.py
	$(BIN)/python bench/web_render.py

bench-ai: $(STAMP)
	$(BIN)/python bench/ai.py

# The rules compiled with mypyc into build/compiled (the tree itself stays pure Python):
# run anything on them with PYTHONPATH=build/compiled. Needs a C compiler.
compile: $(STAMP)
	$(BIN)/python -m tools.compile

# Replay records that a speed-up must leave unchanged (tests/golden); remake them only
# when a rule is fixed on purpose, in the same commit.
golden: $(STAMP)
	$(BIN)/python -m tools.golden

fuzz: $(STAMP)
	$(BIN)/python -m hexfront.ai.bite_tools.fuzz --games 1000 --json bench/results/fuzz.json

fuzz-sw: $(STAMP)
	$(BIN)/python -m hexfront.ai.sw_tools.fuzz --games 300 --jobs 1 --json bench/results/fuzz_stalins_war.json

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .import_linter_cache build
