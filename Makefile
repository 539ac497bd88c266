# Sanbon: two commands for a fresh machine (see README.md):
#   make sim    run the handheld in the desktop simulator
#   make test   run every test and the CircuitPython gate
# Also: make build [PY=1], make bundle (the zip a maker copies onto CIRCUITPY),
#       make deploy DRIVE=/path/to/CIRCUITPY, make bench,
#       make device [FULL=1] (the build on an emulated Pico: needs SANBON_CP_UF2
#       and SANBON_RP2040_BOOTROM, see docs/HARDWARE.md).

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.sanbon-installed
NODE_STAMP := node_modules/.sanbon-installed
ARGS   ?=

.PHONY: sim test gate browser build bundle web deploy bench device clean

$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Sanbon needs Python 3.11 or newer as '$(PYTHON)'."; exit 1; }
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV) || \
	  { echo "Could not create .venv: on Debian, run 'apt-get install python3-venv' first."; exit 1; }
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements.txt
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "Sanbon's tests need Node.js 20+ and npm."; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

sim: $(STAMP)
	$(VPY) -m tools.sim $(ARGS)

gate: $(STAMP) $(NODE_STAMP)
	$(VPY) -m tools.gate

# The browser test (tests/test_web*.py) drives Debian's Chromium: installed here
# when missing (as root, with apt-get), else one line says what to install.
browser:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || test -n "$$SANBON_CHROMIUM" || \
	  { if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	      echo "Installing Debian's chromium for the browser test (apt-get install chromium)"; \
	      export DEBIAN_FRONTEND=noninteractive; \
	      { apt-get install -y -q chromium || { apt-get update -q && apt-get install -y -q chromium; }; } >/dev/null || \
	      { echo "Could not install chromium: run 'apt-get install chromium', then make test again."; exit 1; }; \
	    else echo "The browser test needs Chromium: run 'sudo apt-get install chromium', then make test again."; exit 1; fi; }

test: browser gate
	$(VPY) -m pytest -q $(ARGS)

build: $(STAMP)
	$(VPY) -m tools.build $(if $(filter 1,$(PY)),--py) $(ARGS)

# make bundle: the build (dist/CIRCUITPY) zipped with a READ-ME as
# dist/sanbon-<version>-circuitpython-10.zip, for makers without the tools.
# make web: build dist/web (the page) and serve it on localhost (ARGS="--port N"; --build-only)
web: $(STAMP) $(NODE_STAMP)
	$(VPY) -m tools.web $(ARGS)

bundle: $(STAMP)
	$(VPY) -m tools.bundle $(ARGS)

# make deploy: the usage (no DRIVE) before anything runs, then the drive is checked
# (a CIRCUITPY drive with boot_out.txt, not the repository) before the build.
ifneq ($(filter deploy,$(MAKECMDGOALS)),)
ifeq ($(strip $(DRIVE)),)
$(error usage: make deploy DRIVE=/path/to/CIRCUITPY (the mounted CIRCUITPY drive, e.g. /media/$$USER/CIRCUITPY; PY=1 for .py files))
endif
endif

deploy: $(STAMP)
	@$(VPY) -m tools.deploy --check "$(DRIVE)"
	@$(MAKE) --no-print-directory build
	$(VPY) -m tools.deploy "$(DRIVE)"

bench: $(STAMP) $(NODE_STAMP)
	$(VPY) -m tools.bench $(ARGS)

device: $(STAMP) $(NODE_STAMP)
	$(VPY) -m tools.device $(if $(filter 1,$(FULL)),--full) $(ARGS)

clean:
	rm -rf dist .cache .pytest_cache
