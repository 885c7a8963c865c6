package hyperelastic

import "math"

// NumComponents is the number of independent components of a symmetric
// 3x3 tensor, and so of a [Stress]: 6, in the Voigt order 11, 22, 33, 23,
// 13, 12.
const NumComponents = 6

// ComponentNames names the components of a [Stress] in the Voigt order
// used everywhere in this package (the columns of the data's CSV files).
var ComponentNames = [NumComponents]string{"S11", "S22", "S33", "S23", "S13", "S12"}

// Stress is a second Piola-Kirchhoff stress S, its 6 independent
// components in the Voigt order of [ComponentNames]: S11, S22, S33, S23,
// S13, S12.
type Stress [NumComponents]float64

// Finite reports whether every component of s is a finite number.
func (s Stress) Finite() bool {
	for _, v := range s {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
