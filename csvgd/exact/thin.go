package exact

import "github.com/csvgd/csvgd-go/csvgd/nuts"

// Thin returns keep of the kept draws of res, spread evenly over the
// chains and, within each, over the iterations: the draws of all chains in
// order (chain 0 first) indexed floor(j T / keep), j = 0..keep-1, of T in
// all. Each returned draw is a copy. keep above T returns all T.
func Thin(res *nuts.Result, keep int) [][]float64 {
	var all [][]float64
	for _, ch := range res.Chains {
		all = append(all, ch.Draws...)
	}
	keep = min(keep, len(all))
	out := make([][]float64, keep)
	for j := range out {
		out[j] = append([]float64(nil), all[j*len(all)/keep]...)
	}
	return out
}
