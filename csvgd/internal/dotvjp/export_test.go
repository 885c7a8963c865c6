package dotvjp

import "github.com/gomlx/gomlx/core/graph"

// Original is GoMLX's own DotGeneral VJP, as saved by Register (nil before).
func Original() graph.VJP { return original }

// New is this package's DotGeneral VJP.
var New graph.VJP = vjp
