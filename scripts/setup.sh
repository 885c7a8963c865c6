#!/usr/bin/env bash
# Installs what the notebooks and `make test` need, skipping every step that is
# already done:
#   1. Jupyter's nbconvert and notebook server, Chromium for the browser test
#      of the live notebooks, and GNU parallel for the test of the example of
#      docs/studies.md (Debian packages; needs root or sudo); with the argument
#      "notebooks" (make reproduce, make beyond, make notebooks), nbconvert
#      alone, which is all that executing the notebooks headless needs,
#   2. the GoNB kernel, built from this module's `tool` dependency into .bin/gonb,
#   3. goimports (GoNB runs it on every cell) into .bin/goimports,
#   4. the "gonb" Jupyter kernel spec, pointing at .bin/gonb, with the
#      Makefile's GOTOOLCHAIN and GOEXPERIMENT in its environment (the cells
#      then build as the Makefile's targets do) and GOFLAGS=-ldflags=-w
#      (cells link faster without DWARF).
# Run it from anywhere (scripts/setup.sh [notebooks]); it works in the repository
# root. Progress goes to stderr.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
BIN=$ROOT/.bin
GOIMPORTS_VERSION=v0.52.0 # golang.org/x/tools; builds with the Go in go.mod.
export PATH=$BIN:$PATH
[ -n "${GOTOOLCHAIN:-}" ] || export GOTOOLCHAIN=$(scripts/toolchain.sh) # as the Makefile

log() { echo "setup: $*" >&2; }

# 1. Jupyter: nbconvert executes and renders notebooks headless, libjs-mathjax
#    renders the equations of the HTML renders offline, jupyter-notebook is the
#    browser UI (make jupyter) and chromium the browser of the live-notebook
#    test (internal/nbrun's TestLiveNotebooks); GNU parallel runs the example
#    of docs/studies.md (csvgd/cmd/csvgd's TestParallelExample).
apt_install() {
  SUDO=
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
  log "installing $* with apt-get"
  $SUDO apt-get update -qq >&2
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}
if [ "${1:-}" = notebooks ]; then
  if /usr/bin/jupyter nbconvert --version >/dev/null 2>&1; then
    log "jupyter nbconvert present, skipping apt-get"
  else
    apt_install jupyter-nbconvert
  fi
elif /usr/bin/jupyter nbconvert --version >/dev/null 2>&1 && [ -f /usr/share/javascript/mathjax/MathJax.js ] &&
  /usr/bin/jupyter notebook --version >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1 &&
  parallel --version 2>/dev/null | grep -q "GNU parallel"; then
  log "jupyter nbconvert, MathJax, jupyter notebook, chromium and GNU parallel present, skipping apt-get"
else
  apt_install jupyter-nbconvert jupyter-client libjs-mathjax jupyter-notebook chromium parallel
fi

mkdir -p "$BIN"

# built_with FILE MODULE VERSION: whether binary FILE was built with MODULE at VERSION.
built_with() {
  [ -x "$1" ] && go version -m "$1" 2>/dev/null | grep -Eq "^\s+(mod|dep)\s+$2\s+$3(\s|$)"
}

# 2. GoNB, at the version pinned by the `tool` line of go.mod.
GONB_VERSION=$(go list -m -f '{{.Version}}' github.com/janpfeifer/gonb)
if built_with "$BIN/gonb" github.com/janpfeifer/gonb "$GONB_VERSION"; then
  log "GoNB $GONB_VERSION present in .bin, skipping build"
else
  log "building GoNB $GONB_VERSION into .bin/gonb"
  go build -o "$BIN/gonb" github.com/janpfeifer/gonb
fi

# 3. goimports.
if built_with "$BIN/goimports" golang.org/x/tools "$GOIMPORTS_VERSION"; then
  log "goimports $GOIMPORTS_VERSION present in .bin, skipping install"
else
  log "installing goimports $GOIMPORTS_VERSION into .bin"
  GOBIN=$BIN go install "golang.org/x/tools/cmd/goimports@$GOIMPORTS_VERSION"
fi

# 4. Kernel spec "gonb" (in ${JUPYTER_DATA_DIR:-~/.local/share/jupyter}/kernels/gonb).
SPEC=${JUPYTER_DATA_DIR:-$HOME/.local/share/jupyter}/kernels/gonb/kernel.json
if [ -f "$SPEC" ] && grep -Fq "\"$BIN/gonb\"" "$SPEC" && grep -Eq -- '-raw_error(=true)?"' "$SPEC"; then
  log "kernel spec $SPEC points at .bin/gonb, skipping install"
else
  log "installing the gonb kernel spec (gopls, which it may say is missing, only serves completion)"
  gonb --install --raw_error --force_deps >&2
fi
# The kernel builds every cell with `go build`: give it the toolchain and
# the experiment the Makefile builds with (the pure-Go backend's SIMD matrix
# products where they are the faster build: scripts/goexperiment.sh), or none,
# and GOFLAGS=-ldflags=-w: a cell's program is linked without DWARF debug
# information, which takes the linker about half the CPU time (stack traces
# keep their files and lines).
EXPERIMENT=${GOEXPERIMENT-$(scripts/goexperiment.sh)}
/usr/bin/python3 - "$SPEC" "$EXPERIMENT" "$GOTOOLCHAIN" <<'PY'
import json, sys
path, experiment, toolchain = sys.argv[1], sys.argv[2], sys.argv[3]
with open(path) as f:
    spec = json.load(f)
env = spec.setdefault("env", {})
want = {"GOEXPERIMENT": experiment, "GOTOOLCHAIN": toolchain, "GOFLAGS": "-ldflags=-w"}
if any(env.get(k, "") != v for k, v in want.items()):
    for k, v in want.items():
        if v:
            env[k] = v
        else:
            env.pop(k, None)
    with open(path, "w") as f:
        json.dump(spec, f)
    print(f"setup: kernel spec GOEXPERIMENT={experiment!r} GOTOOLCHAIN={toolchain!r} GOFLAGS={want['GOFLAGS']!r}", file=sys.stderr)
PY
log "done"
