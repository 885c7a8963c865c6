package main

import (
	"fmt"
	"math"
	"strings"
)

// result is a named result of a run, one value or several.
type result struct {
	name   string
	values []float64
}

// notFinite is the error of a run whose results are not all finite (NaN
// or Inf), naming each such result, or nil. A flow whose particles run
// off towards the largest floats can end with finite particles, which the
// Stein step's own check (stein.ErrNonFinite) lets pass, and infinite
// moments: the run diverged, and its printed numbers mean nothing. It is
// a failure while running (exit code 1), reported after the results are
// written, as text or as JSON (where a value that is not finite is null),
// so that nothing the run printed is lost.
func notFinite(rs ...result) error {
	var bad []string
	for _, r := range rs {
		for _, v := range r.values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				bad = append(bad, fmt.Sprintf("%s %v", r.name, v))
				break
			}
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("the run diverged (not finite: %s); try a smaller step size (-lr)", strings.Join(bad, ", "))
}

// one is a result of one value.
func one(name string, v float64) result { return result{name, []float64{v}} }
