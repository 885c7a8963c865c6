#!/usr/bin/env bash
# Prints the GOEXPERIMENT that builds the fastest csvgd on this machine:
# "simd" when the Go toolchain knows that experiment and the processor is an
# x86-64 with AVX2 (GoMLX's pure-Go backend then multiplies matrices with its
# AVX2 or AVX-512 kernels, whichever the processor has), nothing otherwise.
# With GoMLX v0.28.16 the SIMD build was measured faster than the plain one
# on both kernel paths (docs/speed.md, section "SIMD by processor"); with
# v0.28.2 its AVX2 kernels had been 2-8x slower than the plain build, which
# is why this is decided by the processor and not by the toolchain alone.
# The Makefile and scripts/setup.sh (the notebooks' kernel) call it; SIMD=1
# or SIMD=0 overrides it there.
set -euo pipefail
[ "$(uname -m)" = x86_64 ] || exit 0
[ "$(GOEXPERIMENT=simd go env GOEXPERIMENT 2>/dev/null)" = simd ] || exit 0
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
for f in avx2 fma; do
  [[ " $flags " == *" $f "* ]] || exit 0
done
echo simd
