package figures

import (
	"errors"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// finalValues are a run's final W1 sum on the test set and its final mean
// count of active weights per particle ([finalActive]); an error when the
// run has neither stages nor history, or no W1, or when a value is not a
// finite, non-negative number.
func finalValues(r train.Result) (w1, active float64, err error) {
	active, ok := finalActive(r)
	switch {
	case !ok:
		return 0, 0, errors.New("the run has neither stages nor history")
	case len(r.W1.PerPointSum) == 0:
		return 0, 0, errors.New("the run has no W1")
	}
	if err := checkCount("final W1 sum", r.W1.Sum); err != nil {
		return 0, 0, err
	}
	if err := checkCount("final active weights", active); err != nil {
		return 0, 0, err
	}
	return r.W1.Sum, active, nil
}

// finalActive is a run's final mean count of active weights per particle:
// that of its last stage (after the last condensation, like its Arch and
// W1), else that of its last history record; false when it has neither.
func finalActive(r train.Result) (float64, bool) {
	switch {
	case len(r.Stages) > 0:
		return r.Stages[len(r.Stages)-1].ActiveWeights, true
	case len(r.History) > 0:
		return r.History[len(r.History)-1].ActiveWeights, true
	}
	return 0, false
}

// checkCount reports a value v (named what) that is not a finite,
// non-negative number.
func checkCount(what string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return fmt.Errorf("%s = %v: want a finite, non-negative number", what, v)
	}
	return nil
}
