#!/usr/bin/env bash
# Prints the Go toolchain this module builds with: the toolchain line of
# go.mod (for example go1.27.3). The Makefile and the scripts that run the
# go command set GOTOOLCHAIN to it, so that the go command fetches that
# release from the module proxy when the installed Go is another.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
awk '$1 == "toolchain" { print $2; found = 1 } END { exit !found }' go.mod
