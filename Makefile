# Scorepad: two commands set up a fresh machine (Python 3.11 or newer, and Node):
#   make run    install, migrate, serve on 0.0.0.0:$(PORT)
#   make test   install with the test tools, lint, type-check, then every test (browser tests included)
#   make test-fast  lint, type-check and every test except the browser, reliability and slow property ones
SHELL := /bin/bash
# The newest Python >= 3.11 on the PATH (python3.14 ... python3.11, then python3); PYTHON=... overrides.
# (A name that exists but does not run, such as a pyenv shim of a version not installed, is skipped.)
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell for p in python3.14 python3.13 python3.12 python3.11 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && { echo $$p; break; }; done)
endif
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
export PORT ?= 8000
export HOST ?= 0.0.0.0

.PHONY: run test test-fast lint install install-dev vendor migrate bench backup export clean

$(VENV)/bin/activate:
	@[ -n "$(PYTHON)" ] || { echo "Python 3.11 or newer is needed: none found on the PATH (set PYTHON=/path/to/python3)"; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { echo "Python 3.11 or newer is needed: $(PYTHON) is not (set PYTHON=...)"; exit 1; }
	@echo "Using $$($(PYTHON) -c 'import sys; print(sys.executable, sys.version.split()[0])')"
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt $(VENV)/bin/activate
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt requirements.txt $(VENV)/.installed
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

static/vendor/htmx.min.js: node_modules/.package-lock.json
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx.min.js

vendor: static/vendor/htmx.min.js

install: $(VENV)/.installed vendor

install-dev: $(VENV)/.installed-dev vendor

migrate: install
	$(PY) -m flask --app app migrate

run: migrate
	$(PY) serve.py

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: lint
	$(PY) -m pytest -q

test-fast: lint
	$(PY) -m pytest -q -m "not e2e and not reliability and not slow"

bench: install-dev
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq && apt-get install -y -qq wrk >/dev/null; } || echo "wrk is not installed: the benchmarks use their built-in load client"
	$(PY) -m bench

backup: install
	$(PY) -m flask --app app backup

export: install
	$(PY) -m flask --app app export-json instance/scorepad-export.json

clean:
	rm -rf $(VENV) node_modules static/vendor
