package dotvjp

import "github.com/gomlx/gomlx/pkg/core/graph"

// Original is GoMLX's own DotGeneral VJP, as saved by Register (nil before).
func Original() graph.VJP { return original }

// New is this package's DotGeneral VJP.
var New graph.VJP = vjp

// Fallbacks is how many gradients were delegated to Original because the
// axes of a node could not be read.
func Fallbacks() int64 { return fallbacks.Load() }
