package hyperelastic

// Predictions are the stresses that the members of an ensemble (the
// particles of a Stein ensemble, or posterior draws) predict at a list of
// test points, indexed [member][point]: p[j][m] is member j's [Stress] at
// point m. Every member predicts the same points.
//
// A reference sample of the noisy truth is kept in the other axis order,
// [point][draw], as a [][]Stress: its number of draws may differ from
// point to point.
type Predictions [][]Stress

// Points is the number of test points, that of the first member (0
// without members).
func (p Predictions) Points() int {
	if len(p) == 0 {
		return 0
	}
	return len(p[0])
}

// At is component k of every member's stress at point m, in member order:
// the sample whose spread is the push-forward at (m, k).
func (p Predictions) At(m, k int) []float64 {
	out := make([]float64, len(p))
	for j, s := range p {
		out[j] = s[m][k]
	}
	return out
}
