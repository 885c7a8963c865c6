package figures

import (
	"fmt"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// The test path of the figures of the paper's Sec. 5 (the hyperelastic
// example): their x axis is F₁₁ = 1 + d on the test path
// F = diag(1+d, sqrt(1+d), sqrt(1+d)) of [hyperelastic.Generate]; the F₁₁
// range of the training deformations, 1 ± Delta = [0.8, 1.2] for the
// paper's data, is shaded grey ([trainingSpan]).

// finiteSamples reports the first sample of set whose F, S or STrue is
// not finite.
func finiteSamples(what string, set []hyperelastic.Sample) error {
	for i, s := range set {
		for _, v := range append(append(s.F[:], s.S[:]...), s.STrue[:]...) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%s sample %d holds %v", what, i, v)
			}
		}
	}
	return nil
}

// pathOrder returns the indices of test in increasing F₁₁ (stable), so
// that lines along the path never double back.
func pathOrder(test []hyperelastic.Sample) []int {
	order := make([]int, len(test))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return test[order[a]].F[0] < test[order[b]].F[0] })
	return order
}
