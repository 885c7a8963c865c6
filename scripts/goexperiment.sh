#!/usr/bin/env bash
# Prints the GOEXPERIMENT that builds the fastest csvgd on this machine:
# "simd" when the Go toolchain knows that experiment and the processor has
# AVX-512 (F, CD, BW, DQ and VL: the set GoMLX's AVX-512 kernels need),
# nothing otherwise. GoMLX's pure-Go backend then multiplies matrices with
# AVX-512; on a processor with AVX2 alone its SIMD kernels were measured
# slower than the plain build (docs/speed.md, section "SIMD by
# processor"), so the plain build is chosen there. The Makefile and
# scripts/setup.sh (the notebooks' kernel) call it; SIMD=1 or SIMD=0
# overrides it there.
set -euo pipefail
[ "$(GOEXPERIMENT=simd go env GOEXPERIMENT 2>/dev/null)" = simd ] || exit 0
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
for f in avx512f avx512cd avx512bw avx512dq avx512vl; do
  [[ " $flags " == *" $f "* ]] || exit 0
done
echo simd
