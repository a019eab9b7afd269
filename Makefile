# Everything runs from a fresh clone with only Python 3.11 and pip: each target makes .venv
# and installs the project (with its dev tools) the first time, then does its job.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
CODE := akrotiri_puzzles tests tools cli.py
# The Chromium that prints the demo's book to PDF (none: the demo makes the HTML only).
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || { [ -x /usr/bin/chromium ] && echo /usr/bin/chromium; })
# make demo DEMO_BOOK= leaves the book out (the docs test does: docs/book.md makes the same book).
DEMO_BOOK ?= yes

.PHONY: install bytecode demo test test-corpus lint bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# The package's bytecode, written once: an editable install compiles nothing, and where
# PYTHONDONTWRITEBYTECODE is set (as on our machines) every command would otherwise compile each
# module it imports again (docs/benchmarks.md, "Bytecode"). Up to date, this takes a fraction of a
# second; a stale file is only ignored (Python compares the source's time).
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q akrotiri_puzzles tools cli.py

install: bytecode

demo: bytecode
	@mkdir -p out/demo
	$(BIN)/akrotiri-puzzle simulate --games 1 --seed 7 --bot greedy --save-positions out/demo --sample-every 100
	$(BIN)/akrotiri-puzzle score out/demo/game7-final.yaml
	$(BIN)/akrotiri-puzzle generate --difficulty hard --seed 21 --out out/demo
	$(BIN)/akrotiri-puzzle grade out/demo/hard-s21-00001.yaml
	$(BIN)/akrotiri-puzzle solve out/demo/hard-s21-00001.yaml --unique
	$(BIN)/akrotiri-puzzle show out/demo/hard-s21-00001.yaml --solution --png out/demo/hard-s21-00001.png --html out/demo/hard-s21-00001.html
	$(BIN)/akrotiri-puzzle analyse tests/data/analysis/last-turn.yaml
	$(BIN)/akrotiri-puzzle teach empty-boat --png out/demo/lesson-empty-boat.png
	$(BIN)/akrotiri-puzzle serve --port 0 --check
	@if [ -z "$(DEMO_BOOK)" ]; then \
		echo "make demo: DEMO_BOOK is empty, so no book (akrotiri-puzzle book --html out/demo/book makes it)"; \
	elif [ -n "$(CHROMIUM)" ]; then \
		echo "$(BIN)/akrotiri-puzzle book --html out/demo/book --pdf out/demo/book.pdf"; \
		$(BIN)/akrotiri-puzzle book --html out/demo/book --pdf out/demo/book.pdf --chromium "$(CHROMIUM)"; \
	else \
		echo "$(BIN)/akrotiri-puzzle book --html out/demo/book"; \
		$(BIN)/akrotiri-puzzle book --html out/demo/book && \
		echo "make demo: no Chromium on this machine, so no PDF of the book (apt-get install chromium, then make demo again)"; \
	fi
	@echo "make demo: to play the puzzles in a browser, run .venv/bin/akrotiri-puzzle serve and open http://127.0.0.1:8000"

lint: $(STAMP)
	$(BIN)/ruff check $(CODE)
	$(BIN)/ruff format --check $(CODE)
	$(BIN)/mypy

# worksteal: the suite mixes 0.1 s tests with 100 s ones, so a worker that runs out steals from the other.
test: lint bytecode
	$(BIN)/pytest -n auto --dist worksteal -q -m "not corpus" --durations=25

# The rest of the big corpora whose samples `make test` runs (tests marked corpus).
test-corpus: bytecode
	$(BIN)/pytest -n auto --dist worksteal -q -m corpus

bench: bytecode
	$(BIN)/python tools/bench.py $(BENCH_ARGS)

# The fuzzer (docs/hardening.md): mutated copies of the repository's YAML files, hand-written
# nasty inputs and bad option values, given to every command that reads a file; hostile puzzle
# databases and the newer commands (analyse, grade, export, teach, book), judged for files
# written outside their output folders too; HTTP bodies posted to the page's app. About 40
# minutes on 2 cores; FUZZ_FLAGS="--nasty-all" gives every nasty input to every command.
FUZZ_RUNS ?= 3000
FUZZ_HOSTILE ?= 3000
FUZZ_HTTP ?= 500
FUZZ_SEED ?= 1
FUZZ_FLAGS ?= --nasty --options
fuzz: bytecode
	@mkdir -p out/fuzz
	$(BIN)/python -m tests.fuzz --runs $(FUZZ_RUNS) --hostile $(FUZZ_HOSTILE) --http $(FUZZ_HTTP) --seed $(FUZZ_SEED) $(FUZZ_FLAGS) --keep out/fuzz/cases --json out/fuzz/outcomes.jsonl

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache
	find akrotiri_puzzles tools -name __pycache__ -prune -exec rm -rf {} +
