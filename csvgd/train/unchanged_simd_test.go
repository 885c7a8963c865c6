//go:build goexperiment.simd && amd64

package train

import (
	"os"
	"simd/archsimd"
	"strconv"
)

// kernelPath names the pure-Go backend's kernels this build runs on this
// processor: "simd-avx512", "simd-avx2" or "simd-generic", as GoMLX's
// compute package chooses them (GOMLX_GO_SIMD_AVX512 and
// GOMLX_GO_SIMD_AVX2 = false switch a path off).
func kernelPath() string {
	allowed := func(env string) bool {
		v, err := strconv.ParseBool(os.Getenv(env))
		return err != nil || v
	}
	switch {
	case archsimd.X86.AVX512() && allowed("GOMLX_GO_SIMD_AVX512"):
		return "simd-avx512"
	case archsimd.X86.AVX2() && allowed("GOMLX_GO_SIMD_AVX2"):
		return "simd-avx2"
	}
	return "simd-generic"
}
