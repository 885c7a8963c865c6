//go:build goexperiment.simd

package train

// recordedDigest is [TestDefaultUpdateUnchanged]'s digest in the
// GOEXPERIMENT=simd build.
const recordedDigest = "fcda20022ac89f61ea01f70d1573e9ea5e3c4a7e97530241b98b358a1261d871"
