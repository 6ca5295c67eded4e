# notez: two commands on a fresh machine: `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
VAULT := ExampleVault
NOTEZ := .build/debug/notez
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The MCP Python SDK the end-to-end test drives `notez mcp` with (PyPI's `mcp`), pinned.
MCP_PYTHON_SDK := 2.3.0
# The LSP client the end-to-end test of `notez lsp` drives it with (PyPI's `pygls`), pinned.
LSP_PYGLS := 2.1.1

# $(call apt-unless-pkg,PKG-CONFIG NAME,DEBIAN PACKAGES,MESSAGE): a shell command that installs the
# packages with apt-get unless pkg-config knows the name, and without apt-get says MESSAGE and fails.
apt-unless-pkg = pkg-config --exists $(1) 2>/dev/null || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing $(2) with apt-get..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(2); \
	  else \
	    echo "$(3)"; exit 1; \
	  fi; \
	}

.PHONY: setup setup-build setup-test build test demo bench bench-storage install uninstall man completions clean format lint fuzz screenshots

# Two parts: what the build needs (`setup-build`), and the tools only the tests use (`setup-test`),
# which `make test` installs while the build runs (one after the other here: apt-get allows one).
setup: setup-build
	@$(MAKE) --no-print-directory setup-test

setup-build:
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
	@# Markdown to HTML (the web UI, export): GitHub's cmark-gfm with its extensions library.
	@$(call apt-unless-pkg,libcmark-gfm,libcmark-gfm-dev libcmark-gfm-extensions-dev,notez needs cmark-gfm (pkg-config name libcmark-gfm): install libcmark-gfm-dev or cmark-gfm)
	@# notez allocates through jemalloc on Linux (Package.swift): Debian's libjemalloc2, linked by its -dev package.
	@[ "$$(uname -s)" != Linux ] || $(call apt-unless-pkg,jemalloc,libjemalloc-dev,notez needs jemalloc on Linux (pkg-config name jemalloc): install libjemalloc-dev)
	@# notez-bench's storage comparison (--storage) measures the index cache against SQLite.
	@$(call apt-unless-pkg,sqlite3,libsqlite3-dev,notez-bench needs SQLite (pkg-config name sqlite3): install libsqlite3-dev or sqlite)
	@command -v git >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq git; }
	@# notez-mcp links the MCP SDK, which links Foundation's networking; a release build with the
	@# static Swift runtime (make install, make bench) then needs libcurl's development files.
	@pkg-config --exists libcurl 2>/dev/null || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing libcurl4-openssl-dev with apt-get..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcurl4-openssl-dev; \
	  else echo "release builds of notez-mcp need libcurl's development files"; fi; \
	}

setup-test:
	@# The web UI's browser tests drive Debian's Chromium through chromedriver (26 packages without recommends).
	@command -v chromedriver >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing chromium and chromium-driver with apt-get (for the browser tests)..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends chromium chromium-driver; \
	  else \
	    echo "The browser tests need chromium and chromedriver"; \
	  fi; \
	}
	@# The completion tests run the generated scripts in Debian's bash, zsh and fish.
	@{ command -v zsh >/dev/null 2>&1 && command -v fish >/dev/null 2>&1; } || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing zsh and fish with apt-get (for the completion tests)..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends zsh fish; \
	  else \
	    echo "The completion tests need zsh and fish; without them those shells' tests are skipped"; \
	  fi; \
	}
	@# make test runs the tests under eatmydata (fsync becomes a no-op; see the test target).
	@command -v eatmydata >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing eatmydata with apt-get (make test skips fsync's waits with it)..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends eatmydata; \
	  else echo "make test runs without eatmydata: slower, the same results"; fi; \
	}
	@# The YAML round-trip test reads notez's output with PyYAML too; it fails when PyYAML is missing.
	@python3 -c 'import yaml' >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing python3-yaml with apt-get..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-yaml; \
	  fi; \
	  python3 -c 'import yaml' >/dev/null 2>&1 || { \
	    echo "Installing PyYAML with pip (python3 is not the system Python)..."; \
	    python3 -m pip install -q pyyaml || echo "The YAML round-trip test needs PyYAML: pip install pyyaml"; \
	  }; \
	}
	@# The MCP end-to-end test drives `notez mcp` with the official MCP Python SDK client, pinned, in
	@# a virtual environment of its own under .build/ (not committed; `make clean` removes it).
	@.build/mcp-python/bin/python -c 'import importlib.metadata as m; assert m.version("mcp") == "$(MCP_PYTHON_SDK)"' >/dev/null 2>&1 || { \
	  echo "Installing the MCP Python SDK (mcp==$(MCP_PYTHON_SDK)) into .build/mcp-python..."; \
	  python3 -m venv .build/mcp-python 2>/dev/null || { \
	    if command -v apt-get >/dev/null 2>&1; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; fi; \
	    python3 -m venv .build/mcp-python; \
	  } && .build/mcp-python/bin/python -m pip install -q "mcp==$(MCP_PYTHON_SDK)" || \
	  echo "The MCP Python client test needs the MCP Python SDK: python3 -m venv .build/mcp-python && .build/mcp-python/bin/pip install mcp==$(MCP_PYTHON_SDK)"; \
	}
	@# `notez lsp` is tested from Neovim's built-in LSP client (Debian's neovim, headless) ...
	@command -v nvim >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing neovim with apt-get (for the language server tests)..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends neovim; \
	  else echo "The Neovim language server test needs nvim; without it that test is skipped"; fi; \
	}
	@# ... from Emacs's eglot (Debian's emacs-nox and elpa-eglot, batch mode) ...
	@{ command -v emacs >/dev/null 2>&1 && ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1; } || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing emacs-nox and elpa-eglot with apt-get (for the language server tests)..."; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends emacs-nox elpa-eglot; \
	  else echo "The Emacs language server test needs emacs and eglot; without them that test is skipped"; fi; \
	}
	@# ... and from the pygls client, pinned, in a virtual environment of its own under .build/.
	@.build/lsp-python/bin/python -c 'import importlib.metadata as m; assert m.version("pygls") == "$(LSP_PYGLS)"' >/dev/null 2>&1 || { \
	  echo "Installing pygls==$(LSP_PYGLS) into .build/lsp-python..."; \
	  python3 -m venv .build/lsp-python 2>/dev/null || { \
	    if command -v apt-get >/dev/null 2>&1; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; fi; \
	    python3 -m venv .build/lsp-python; \
	  } && .build/lsp-python/bin/python -m pip install -q "pygls==$(LSP_PYGLS)" || \
	  echo "The pygls client test needs pygls: python3 -m venv .build/lsp-python && .build/lsp-python/bin/pip install pygls==$(LSP_PYGLS)"; \
	}

build: setup
	$(SWIFT) build

# The tests run under Debian's eatmydata, which makes fsync a no-op: the corpus tests import,
# rename and undo across 16,000 real notes, and waiting for the disk at each of notez's fsyncs
# was most of their time (an import of the 16k corpus: 66 s, 3.7 s under eatmydata). No test can
# observe durability across a power cut, which is all fsync adds; the crash tests kill processes.
# (Looked up when the recipe runs, after `setup` has installed it.) The tests' temporary vaults go
# to a folder on /dev/shm (tmpfs) when it has 4 GiB free, removed afterwards: creating the 16,486
# files of a corpus took 3.5 s of system time on the disk's file system and 0.3 s there (a
# `git add` of them 5.7 s and 1.9 s), and the corpus tests unpack one for each case.
# The test build is the release configuration without the optimizer (`-Onone`), in a folder of its
# own so that it and `make bench` do not rebuild each other. NotezKit is optimized too when the
# real vaults the corpus tests read are there (TEST_NOTEZKIT; see Package.swift). Unlike a debug
# build it defines no `DEBUG`: the argument parser's `#if DEBUG` checks of its own definitions were
# two thirds of the CPU of each of the thousands of `notez` runs the tests start. Whole-module
# compilation (the release default) builds each dependency once instead of once per batch of
# files, and in one compiler job: by default the driver emits each module's interface in a second
# job that type-checks the module again, so that what imports it can start sooner; on two cores
# that pass cost more than it gained (a clean build 354 s and 646 s of CPU with it, 268 s and
# 499 s without). No debug info: CI's clean build is most of `make test`'s time, and a failing
# test reports its file and line from the source itself. The index store stays: on Linux,
# SwiftPM's test discovery reads it. Measured in docs/architecture.md ("The test build").
TEST_BUILD := -c release --scratch-path .build/test --enable-index-store \
	-Xswiftc -Onone -Xswiftc -enable-testing -Xswiftc -gnone -Xswiftc -no-emit-module-separately-wmo
TEST_CORPORA := $(or $(NOTEZ_CORPORA),../shared/corpora)
TEST_NOTEZKIT := $(if $(wildcard $(TEST_CORPORA)/*.tar.gz),optimized,plain)

# The test tools (Chromium, the shells, editors and Python clients) install while the build runs:
# the build is CPU-bound on both cores and the installs wait on the network and the disk, so on a
# fresh machine they take little of its time. Their output follows the build's.
test: setup-build
	@log=$$(mktemp); $(MAKE) --no-print-directory setup-test >"$$log" 2>&1 & installer=$$!; \
	status=0; NOTEZ_TEST_BUILD=$(TEST_NOTEZKIT) $(SWIFT) build --build-tests $(TEST_BUILD) || status=$$?; \
	wait $$installer || status=$$?; cat "$$log"; rm -f "$$log"; exit $$status
	@shm=""; \
	if [ "$$(df -k --output=avail /dev/shm 2>/dev/null | tail -n 1)" -gt 4194304 ] 2>/dev/null; then \
	  shm=$$(mktemp -d /dev/shm/notez-tests.XXXXXX); fi; \
	status=0; \
	NOTEZ_TEST_BUILD=$(TEST_NOTEZKIT) TMPDIR="$${shm:-$${TMPDIR:-/tmp}}" $$(command -v eatmydata) $(SWIFT) test --skip-build $(TEST_BUILD) || status=$$?; \
	if [ -n "$$shm" ]; then rm -rf "$$shm"; fi; \
	exit $$status

# Runs on a temporary copy of ExampleVault: the example vault in git must never change.
demo: build
	@d=$$(mktemp -d) && cp -R $(VAULT) "$$d/ExampleVault" && v="$$d/ExampleVault" && \
	echo "== notez overview ==" && $(NOTEZ) --vault "$$v" overview && \
	echo && echo "== notez ls Work -r ==" && $(NOTEZ) --vault "$$v" ls Work -r && \
	echo && echo "== notez tag list --sort count ==" && $(NOTEZ) --vault "$$v" tag list --sort count && \
	echo && echo "== notez check ==" && { $(NOTEZ) --vault "$$v" check || true; } && rm -rf "$$d"

# Release builds link the Swift runtime and Foundation statically: `notez --version` starts in
# about 4.7 ms instead of 7.9 ms (a search of 10,000 notes 99 ms instead of 110 ms); the binary
# grows from 12 MB to 82 MB.
RELEASE := -c release --static-swift-stdlib
# Real vaults measured beside the generated ones when the corpora sit next to the project: the
# 16k-note vault, and the Dendron vault, whose ranking has hand judgements too.
BENCH_CORPUS ?= ../shared/corpora/cs-knowledge-vault.tar.gz
BENCH_JUDGED ?= ../shared/corpora/dendron-site.tar.gz
BENCH_CORPORA := $(if $(wildcard $(BENCH_CORPUS)),--corpus $(BENCH_CORPUS)) $(if $(wildcard $(BENCH_JUDGED)),--corpus $(BENCH_JUDGED))

bench: setup
	@command -v rg >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq ripgrep; } || true
	@# By product: a build of every target would include the tests' support target, which imports
	@# Swift Testing, and the toolchain has no static Testing.
	$(SWIFT) build $(RELEASE) --product notez
	$(SWIFT) build $(RELEASE) --product notez-bench
	.build/release/notez-bench $(BENCH_CORPORA)

# The storage decision's measurement: the index cache against SQLite (FTS5 trigram), in-process.
bench-storage: setup
	$(SWIFT) build $(RELEASE) --product notez-bench
	.build/release/notez-bench --storage --sizes 100000 --runs 3

# Manual pages, one per command, generated from the argument definitions by the argument parser's
# generate-manual tool (it runs `notez --experimental-dump-help`): `man notez`, `man notez-tag-merge`.
# The tool names subcommand pages with dots (notez.tag.merge.1); git and zk users type dashes, so
# the pages, their titles (.Dt) and cross references (.Xr) are renamed notez-tag-merge.
MAN_TOOL ?= .build/debug/notez
man: setup
	@[ -x $(MAN_TOOL) ] || $(SWIFT) build --product notez
	$(SWIFT) build --product generate-manual
	rm -rf .build/man && mkdir -p .build/man
	.build/debug/generate-manual $(MAN_TOOL) --multi-page --output-directory .build/man
	@cd .build/man && for f in *.1; do \
	  n=$$(printf %s "$${f%.1}" | tr . -).1; \
	  sed -E '/^\.(Dt|Xr) /s/([A-Za-z0-9])\.([A-Za-z])/\1-\2/g' "$$f" > "$$n.tmp" && rm "$$f" && mv "$$n.tmp" "$$n"; \
	done

# Completion scripts for bash, zsh and fish; note titles, folders and tags are completed by asking
# notez itself, from the vault's index cache.
completions: setup
	@[ -x $(MAN_TOOL) ] || $(SWIFT) build --product notez
	mkdir -p .build/completions
	$(MAN_TOOL) --generate-completion-script bash > .build/completions/notez.bash
	$(MAN_TOOL) --generate-completion-script zsh > .build/completions/_notez
	$(MAN_TOOL) --generate-completion-script fish > .build/completions/notez.fish

# `make install PREFIX=$$HOME/.local` installs without root; DESTDIR is honoured for packagers.
install: setup
	$(SWIFT) build $(RELEASE) --product notez
	$(SWIFT) build $(RELEASE) --product notez-mcp
	$(MAKE) man completions MAN_TOOL=.build/release/notez
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/notez .build/release/notez-mcp $(DESTDIR)$(PREFIX)/bin/
	install -m 644 .build/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 .build/completions/notez.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/notez
	install -m 644 .build/completions/_notez $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_notez
	install -m 644 .build/completions/notez.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/notez.fish
	@echo "installed notez, its manual pages and completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/notez $(DESTDIR)$(PREFIX)/bin/notez-mcp $(DESTDIR)$(PREFIX)/share/man/man1/notez.1 $(DESTDIR)$(PREFIX)/share/man/man1/notez-*.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/notez.*.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/notez $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_notez \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/notez.fish

# libFuzzer (with AddressSanitizer; `-sanitize=fuzzer,address` in one flag, two would override each other):
# each target runs FUZZ_SECONDS on a temporary copy of its seeds in Tests/Fuzz/<target>, one
# process at a time (one core). Crash inputs go to .build-fuzz/artifacts/<target>/; replay one with a
# normal build: `.build/debug/fuzz-<target> FILE`. FUZZ_MERGE=1 adds new coverage to the seed folder.
# (Swift's backtracer is off in fuzz runs: under ASan it crashes itself and buries the report.)
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 4096
FUZZ_TARGETS ?= front-matter front-matter-edit query
FUZZ_BUILD := -c release --scratch-path .build-fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DNOTEZ_LIBFUZZER

fuzz: setup
	@for t in $(FUZZ_TARGETS); do $(SWIFT) build $(FUZZ_BUILD) --product fuzz-$$t || exit 1; done
	@for t in $(FUZZ_TARGETS); do \
	  d=$$(mktemp -d) && cp Tests/Fuzz/$$t/* "$$d/" && mkdir -p .build-fuzz/artifacts/$$t && \
	  echo "== fuzz-$$t for $(FUZZ_SECONDS)s ==" && \
	  SWIFT_BACKTRACE=enable=no .build-fuzz/release/fuzz-$$t "$$d" -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
	    -timeout=10 -malloc_limit_mb=256 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=.build-fuzz/artifacts/$$t/ || { rm -rf "$$d"; exit 1; }; \
	  if [ "$(FUZZ_MERGE)" = 1 ]; then .build-fuzz/release/fuzz-$$t -merge=1 Tests/Fuzz/$$t "$$d"; fi; \
	  rm -rf "$$d"; \
	done

clean:
	rm -rf .build .build-fuzz

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --recursive Sources Tests Package.swift

# Screenshots of the web UI for docs/images (main page, folder, note, tag view, search, a note on a
# phone; each light and dark), taken by headless Chromium from a temporary copy of ExampleVault;
# the browser test suites do the driving.
screenshots: setup
	$(SWIFT) build --build-tests
	NOTEZ_SCREENSHOTS=$(CURDIR)/docs/images $(SWIFT) test --skip-build --filter BrowserTests
