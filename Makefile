# hoyito_edu — everyday commands. Run `make help` for the list.
#
# Every target that needs Python first makes sure .venv exists and holds the package
# installed with its notebook, dev and class-server extras (`pip install -e '.[lab,dev,class]'`). A stamp file makes re-runs
# instant; it is rebuilt whenever pyproject.toml changes.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8866
# Voila listens on this computer only; HOST=0.0.0.0 serves the local network, always with a
# token (TOKEN=... to choose one; by default a new random one each time, easy to read aloud).
# scripts/voila_token.py makes the token and refuses blank, short or spaced ones.
HOST   ?= 127.0.0.1
LOCAL_HOSTS := 127.0.0.1 localhost
ifeq ($(filter $(HOST),$(LOCAL_HOSTS)),)
ifeq ($(origin TOKEN),undefined)
TOKEN := $(shell env -u TOKEN $(PYTHON) scripts/voila_token.py)
endif
export TOKEN
endif
# Where `make voila` reads its settings: scripts/voila.json stops the kernels of closed or
# reloaded tabs after 45 idle seconds (checked every 15 s; open tabs keep theirs) and runs at
# most 40 kernels at once (hoyito_edu/board/voila_kernels.py).
VOILA_CONFIG := $(CURDIR)/scripts
# The play page: the board, short instructions and the rules in words; no teacher's notes and
# no answers (the lesson itself is notebooks/03_play.ipynb).
PLAY_NOTEBOOK := notebooks/play/play.ipynb
# Jupyter refuses to run as root without this flag (containers, fresh machines).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

# Lint only the folders that exist (some are added later by other work).
LINT_DIRS := $(wildcard hoyito_edu tests benchmarks scripts)
# make test and make check run the tests on this many workers (pytest-xdist; JOBS=0: in this
# process). Each test file goes whole to one worker, and the files sharing the session's notebook
# runs and kits go together (tests/workers.py), so nothing is built twice.
JOBS   ?= 2
PYTEST := $(PY) -m pytest -n $(JOBS) --dist loadfile

# Benchmark scripts; helper modules starting with "_" are not run.
BENCHMARKS := $(sort $(filter-out benchmarks/_%,$(wildcard benchmarks/*.py)))

.PHONY: help lab test check voila jugar clase class html book kit bench ladder endgames student worksheets catalogue clean distclean

help: ## List the targets
	@echo "Usage: make <target>"
	@echo
	@grep -E '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) \
		| awk 'BEGIN {FS = ":.*## "} {printf "  %-10s %s\n", $$1, $$2}'
	@echo
	@echo "Variables: PORT=$(PORT) HOST=$(HOST) TOKEN=... (voila), PYTHON=$(PYTHON) (used to create .venv)"

# --- environment -------------------------------------------------------------

$(PY):
	bash scripts/ensure_venv.sh "$(PYTHON)" "$(VENV)"

$(STAMP): pyproject.toml | $(PY)
	$(BIN)/pip install -e '.[lab,dev,class]'
	@echo "Compiling the fast simulator, the search player and mcts (once)"
	$(PY) -c "import hoyito_edu.players as p; p.warm_up(progress=True)"
	@echo "Building the 8-seed perfect-endgame tables (once, about a minute; make endgames: 12 seeds)"
	$(PY) scripts/endgame_tables.py --seeds 8 --no-csv
	touch $@

# --- main commands -----------------------------------------------------------

# The teacher's targets call `python -m hoyito_edu COMMAND`, which works the same without make
# (on Windows too); the Makefile adds only the set-up of .venv.
lab: $(STAMP) ## Set up .venv and open JupyterLab on this checkout at 127.0.0.1
	$(PY) -m hoyito_edu lab --dir .

test: $(STAMP) ## Install everything (incl. Debian chromium and postgresql), lint, run ALL tests
	bash scripts/ensure_chromium.sh
	bash scripts/ensure_postgresql.sh
	bash scripts/ensure_axe.sh
	bash scripts/ensure_poppler.sh
	$(BIN)/ruff check $(LINT_DIRS)
	$(PYTEST)

check: $(STAMP) ## The quick tier for the edit-test loop: ruff and every test marked quick (minutes)
	$(BIN)/ruff check $(LINT_DIRS)
	$(PYTEST) -m quick -q

# --- other commands ----------------------------------------------------------

voila: $(STAMP) ## Serve the play page notebooks/play/play.ipynb with Voila (PORT=8866; for a class: HOST=0.0.0.0)
	@test -f $(PLAY_NOTEBOOK) || { echo "$(PLAY_NOTEBOOK) does not exist yet" >&2; exit 1; }
	@# The token (exported above) has only letters, digits and - _ . ~ once this line passes.
	@if [ -z "$(filter $(HOST),$(LOCAL_HOSTS))" ]; then $(PYTHON) scripts/voila_token.py >/dev/null; fi
	@if [ -n "$(filter $(HOST),$(LOCAL_HOSTS))" ]; then \
		echo "Voila: open http://127.0.0.1:$(PORT)/ on this computer (Ctrl-C to stop)"; \
	else \
		echo "Voila for a class: students open http://<this computer's address>:$(PORT)/?token=$(TOKEN)"; \
		echo "(the address: 'hostname -I' on Linux, 'ipconfig getifaddr en0' on a Mac; Ctrl-C to stop)"; \
	fi
	$(BIN)/voila --Voila.config_file_paths=$(VOILA_CONFIG) --Voila.ip=$(HOST) --no-browser \
		--port=$(PORT) $(if $(filter $(HOST),$(LOCAL_HOSTS)),,--token=$(TOKEN)) $(PLAY_NOTEBOOK)

# The class server needs only the [class] extra (no notebook stack); its own stamp.
CLASS_STAMP := $(VENV)/.class-stamp
# Its port: `make clase PORT=8080` (or CLASS_PORT=8080); PORT alone is Voila's (8866) and
# is taken here only when given on the command line or in the environment.
CLASS_PORT  ?= $(if $(filter command line environment,$(origin PORT)),$(PORT),8000)
DB          ?= clase.db

# The computer's searching levels are compiled here, at set-up, with progress (a few minutes
# the first time), so that the first lesson does not wait for the compiler.
$(CLASS_STAMP): pyproject.toml | $(PY)
	$(BIN)/pip install -e '.[class]'
	$(PY) -c "import hoyito_edu.players as p; p.warm_up(progress=True)"
	touch $@

clase: $(CLASS_STAMP) ## Clase entera en los teléfonos, en español (HOST=0.0.0.0 en la red; DB=clase.db)
	$(PY) -m hoyito_edu serve --host $(HOST) --port $(CLASS_PORT) --db $(DB) --lang es

class: $(CLASS_STAMP) ## A whole class on their phones, in English (HOST=0.0.0.0 on the network; DB=...)
	$(PY) -m hoyito_edu serve --host $(HOST) --port $(CLASS_PORT) --db $(DB) --lang en

jugar: ## The board in Spanish: like `make voila`, serving notebooks/play/jugar.ipynb
	$(MAKE) voila PLAY_NOTEBOOK=notebooks/play/jugar.ipynb

html: book
book: $(STAMP) ## Run every notebook and write the book (both languages) to build/book/
	$(PY) -m hoyito_edu book --out build/book

kit: $(STAMP) ## The kits for a USB stick: dist/hoyito-kit-es.zip and dist/hoyito-kit-en.zip
	$(PY) -m hoyito_edu kit --out dist

bench: $(STAMP) ## Run every benchmarks/*.py script
	@set -e; for script in $(BENCHMARKS); do \
		echo "== $$script"; \
		$(PY) $$script; \
	done

# Pairs per step and rule set of `make ladder` (20: at most an hour of both cores here).
PAIRS ?= 20
ladder: $(STAMP) ## Elo ladder of every level from game pairs, with intervals (PAIRS=20; resumable)
	nice $(PY) benchmarks/strength.py ladder --pairs $(PAIRS) --jobs 2

endgames: $(STAMP) ## Perfect-endgame tables up to 12 seeds, every rule set (about half an hour of CPU; cached)
	$(PY) scripts/endgame_tables.py --seeds 12 --no-csv

student: $(STAMP) ## Student copies (no "solution"/"teacher" cells) to build/student/ (+ es/)
	$(PY) -m hoyito_edu student --out build/student

worksheets: $(STAMP) ## Printable worksheets (en: A4, es: Letter; PAPER=letter or a4 for both) to build/worksheets/{en,es}/
	$(PY) -m hoyito_edu worksheets --out build/worksheets $(if $(PAPER),--paper=$(PAPER))

catalogue: $(STAMP) ## After changing a sentence: extract, update the Spanish catalogue, compile it
	$(PY) scripts/catalogue.py

clean: ## Remove generated files and caches (keeps .venv)
	rm -rf build dist test-artifacts .pytest_cache .ruff_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -prune -exec rm -rf {} +

distclean: clean ## Also remove .venv
	rm -rf $(VENV)
