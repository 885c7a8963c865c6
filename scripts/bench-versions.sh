#!/usr/bin/env bash
# Compares the Stein step of several builds of csvgd in one run.
#
# Each build is a git revision of this repository, or "." for the working
# tree, optionally followed by "+simd" (built with GOEXPERIMENT=simd; without
# it, with no GOEXPERIMENT). Every build runs `csvgd bench -json` in turn,
# ROUNDS times, interleaved (so that a change in the machine's load touches
# every build alike); then `csvgd bench -build ...` prints the table of
# medians over rounds and, with -doc, writes it into that document's
# versions block. With -torch PYTHON, bench/torch_step.py times the same
# step in PyTorch on the CPU in every round too (with that Python, which
# must have torch), and every build is also compared with it.
#
# usage: scripts/bench-versions.sh [-rounds N] [-particles LIST] [-widths LIST]
#                                  [-time DURATION] [-torch PYTHON] [-out DIR] [-doc FILE]
#                                  LABEL=REV[+simd] ...
#
# docs/speed.md's table of GoMLX versions:
#   scripts/bench-versions.sh -torch /usr/bin/python3 -doc docs/speed.md \
#     v0.26.0=3069788 v0.28.2=. v0.28.2+simd=.+simd
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
[ -n "${GOTOOLCHAIN:-}" ] || export GOTOOLCHAIN=$(scripts/toolchain.sh) # as the Makefile
ROUNDS=4 PARTICLES=10,100,1000 WIDTHS=30,8,4 TIME=1s OUT= DOC= TORCH=
die() { echo "bench-versions: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
  -rounds) ROUNDS=${2:?}; shift 2 ;;
  -particles) PARTICLES=${2:?}; shift 2 ;;
  -widths) WIDTHS=${2:?}; shift 2 ;;
  -time) TIME=${2:?}; shift 2 ;;
  -torch) TORCH=${2:?}; shift 2 ;;
  -out) OUT=${2:?}; shift 2 ;;
  -doc) DOC=${2:?}; shift 2 ;;
  -*) die "unknown flag $1" ;;
  *) break ;;
  esac
done
[ $# -ge 2 ] || die "need at least two builds LABEL=REV[+simd] (see the comment at the top of $0)"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "-rounds $ROUNDS: not a positive integer"
if [ -n "$TORCH" ]; then
  "$TORCH" -c 'import torch' 2>/dev/null || die "-torch $TORCH: that Python cannot import torch"
fi
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT/bin"
echo "bench-versions: reports and binaries in $OUT" >&2

labels=() bins=()
for spec in "$@"; do
  label=${spec%%=*} rev=${spec#*=}
  [ -n "$label" ] && [ "$label" != "$spec" ] && [ -n "$rev" ] || die "$spec: want LABEL=REV[+simd]"
  exp=
  case $rev in *+simd) exp=simd rev=${rev%+simd} ;; esac
  safe=$(printf %s "$label" | tr -c 'A-Za-z0-9._-' _)
  bin=$OUT/bin/$safe
  src=$ROOT
  if [ "$rev" != . ]; then
    git rev-parse --verify --quiet "$rev^{commit}" >/dev/null || die "$spec: $rev is not a commit of this repository"
    src=$OUT/src-$safe
    rm -rf "$src" && mkdir -p "$src"
    git archive "$rev" | tar -x -C "$src"
  fi
  echo "bench-versions: building $label ($rev, GOEXPERIMENT=$exp)" >&2
  (cd "$src" && GOEXPERIMENT=$exp go build -o "$bin" ./csvgd/cmd/csvgd)
  labels+=("$label") bins+=("$bin")
done

for round in $(seq 1 "$ROUNDS"); do
  for i in "${!bins[@]}"; do
    safe=$(basename "${bins[$i]}")
    echo "bench-versions: round $round/$ROUNDS, ${labels[$i]}" >&2
    "${bins[$i]}" bench -json -particles "$PARTICLES" -widths "$WIDTHS" -time "$TIME" \
      >"$OUT/$safe-$round.json" 2>>"$OUT/$safe.log"
  done
  if [ -n "$TORCH" ]; then
    echo "bench-versions: round $round/$ROUNDS, PyTorch" >&2
    "$TORCH" bench/torch_step.py --device cpu --particles "$PARTICLES" --width "$WIDTHS" \
      >"$OUT/torch-$round.json" 2>>"$OUT/torch.log"
  fi
done

args=()
for i in "${!bins[@]}"; do
  safe=$(basename "${bins[$i]}")
  files=$(seq 1 "$ROUNDS" | sed "s|.*|$OUT/$safe-&.json|" | paste -sd, -)
  args+=(-build "${labels[$i]}=$files")
done
if [ -n "$TORCH" ]; then
  torch=$("$TORCH" -c 'import torch; print(torch.__version__.split("+")[0])')
  args+=(-build "PyTorch $torch=$(seq 1 "$ROUNDS" | sed "s|.*|$OUT/torch-&.json|" | paste -sd, -)" -anchor "PyTorch $torch")
fi
go run ./csvgd/cmd/csvgd bench "${args[@]}" ${DOC:+-doc "$DOC"}
