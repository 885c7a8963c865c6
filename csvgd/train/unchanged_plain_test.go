//go:build !goexperiment.simd

package train

// recordedDigest is [TestDefaultUpdateUnchanged]'s digest in the plain
// build (no GOEXPERIMENT).
const recordedDigest = "5cef276bb838eb4c49849183fe35075d68a4a0693b2525d774278213e34e8f5c"
