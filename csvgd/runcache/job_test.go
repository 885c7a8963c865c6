package runcache

import (
	"slices"
	"testing"
)

// TestSchedule: every key once (its first job), the studies cached whole
// first, then the training runs from the most work to the least (ties in
// their first order), then the NUTS runs.
func TestSchedule(t *testing.T) {
	job := func(key string, kind JobKind, cost float64) Job {
		return Job{Key: key, Kind: kind, Cost: cost}
	}
	jobs := []Job{
		job("n1", NUTSJob, 0), job("r1", RunJob, 10), job("survey", MVNJob, 0), job("r2", RunJob, 30),
		job("r1", RunJob, 99), job("r3", RunJob, 10), job("n2", NUTSJob, 0), job("marginal", MVNJob, 0),
	}
	var got []string
	for _, j := range Schedule(jobs) {
		got = append(got, j.Key)
	}
	if want := []string{"survey", "marginal", "r2", "r1", "r3", "n1", "n2"}; !slices.Equal(got, want) {
		t.Errorf("schedule %v, want %v", got, want)
	}
}
