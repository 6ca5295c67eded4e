# notez: two commands on a fresh machine: `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
VAULT := ExampleVault
NOTEZ := .build/debug/notez
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build test demo bench install clean format lint

setup:
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing libyaml-dev (and pkg-config) with apt-get..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev pkg-config; \
	  elif command -v brew >/dev/null 2>&1; then \
	    echo "On macOS run: brew install libyaml pkg-config"; exit 1; \
	  else \
	    echo "notez needs libyaml (pkg-config name yaml-0.1): install libyaml-dev or libyaml"; exit 1; \
	  fi; \
	fi
	@command -v git >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq git; }
	@# The YAML round-trip test reads notez's output with PyYAML too; it fails when PyYAML is missing.
	@python3 -c 'import yaml' >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing python3-yaml with apt-get..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-yaml; \
	  else \
	    echo "The YAML round-trip test needs PyYAML: pip install pyyaml (or your package manager's python3-yaml)"; \
	  fi; \
	}

build: setup
	$(SWIFT) build

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Runs on a temporary copy of ExampleVault: notez purges old trash on every run, and the
# example vault in git must never change.
demo: build
	@d=$$(mktemp -d) && cp -R $(VAULT) "$$d/ExampleVault" && v="$$d/ExampleVault" && \
	echo "== notez overview ==" && $(NOTEZ) --vault "$$v" overview && \
	echo && echo "== notez ls Work -r ==" && $(NOTEZ) --vault "$$v" ls Work -r && \
	echo && echo "== notez tag list --sort count ==" && $(NOTEZ) --vault "$$v" tag list --sort count && \
	echo && echo "== notez check ==" && { $(NOTEZ) --vault "$$v" check || true; } && rm -rf "$$d"

bench: setup
	@command -v rg >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq ripgrep; } || true
	$(SWIFT) build -c release
	.build/release/notez-bench

install: setup
	$(SWIFT) build -c release
	install -d $(PREFIX)/bin
	install -m 755 .build/release/notez $(PREFIX)/bin/notez

clean:
	rm -rf .build

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --recursive Sources Tests Package.swift
