package nuts

import "slices"

// point is a point of phase space: position q and momentum p, with the log
// density and its gradient at q.
type point struct {
	q, p, grad []float64
	logp       float64
}

func newPoint(dim int) point {
	return point{q: make([]float64, dim), p: make([]float64, dim), grad: make([]float64, dim)}
}

// clone returns a deep copy of z.
func (z *point) clone() point {
	return point{q: slices.Clone(z.q), p: slices.Clone(z.p), grad: slices.Clone(z.grad), logp: z.logp}
}

// set makes z a copy of src without allocating.
func (z *point) set(src *point) {
	copy(z.q, src.q)
	copy(z.p, src.p)
	copy(z.grad, src.grad)
	z.logp = src.logp
}
