//go:build !goexperiment.simd

package train

// recordedDigest is [TestDefaultUpdateUnchanged]'s digest in the plain
// build (no GOEXPERIMENT).
const recordedDigest = "fc6affc184841289fb8e1a576cd35810a4b176a059cc2c357ccc8e6e1ca5b099"
