//go:build !(goexperiment.simd && amd64)

package train

// kernelPath names the pure-Go backend's kernels of this build: without
// GOEXPERIMENT=simd (or off amd64) they are plain Go.
func kernelPath() string { return "plain" }
