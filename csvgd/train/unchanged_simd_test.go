//go:build goexperiment.simd

package train

// recordedDigest is [TestDefaultUpdateUnchanged]'s digest in the
// GOEXPERIMENT=simd build.
const recordedDigest = "4e6335144bb13ab4c5d0615736887f63cd09335d6b65b7a45382d83b02c859eb"
