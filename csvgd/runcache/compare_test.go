package runcache

import (
	"path/filepath"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// TestCachedCompare: a comparison is computed once and read back from
// beside the first run's file; other options, and other runs with the
// same first one, compute it again.
func TestCachedCompare(t *testing.T) {
	c := &Cache{Dir: filepath.Join(t.TempDir(), "runs")}
	n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	m := n
	m.Config.Seed = 2
	o := compare.DefaultOptions()
	calls := 0
	compute := func() (*compare.Result, error) {
		calls++
		return &compare.Result{Members: 7}, nil
	}
	for range 2 {
		r, err := c.Comparison([]NUTSSpec{n}, o, compute)
		if err != nil || r.Members != 7 {
			t.Fatalf("result %+v, %v", r, err)
		}
	}
	if _, err := c.Comparison([]NUTSSpec{n, m}, o, compute); err != nil || calls != 2 {
		t.Errorf("%d computations (want 1, then 1 more for two runs), %v", calls, err)
	}
	o.Seed++
	if _, err := c.Comparison([]NUTSSpec{n}, o, compute); err != nil || calls != 3 {
		t.Errorf("%d computations (want 1 more for other options), %v", calls, err)
	}
}

// TestCachedAgreement: an agreement is computed once for its runs,
// criteria and options, and again when any of them changes.
func TestCachedAgreement(t *testing.T) {
	c := &Cache{Dir: filepath.Join(t.TempDir(), "runs")}
	a := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	b := a
	b.Config.Seed, b.Config.Starts, b.Config.Overdispersed = 2, exact.InitStarts, 0
	calls := 0
	compute := func() (*exact.Agreement, error) {
		calls++
		return &exact.Agreement{Verdict: exact.Agrees}, nil
	}
	cr, o := exact.DefaultCriteria, exact.DefaultAgreeOptions
	for range 2 {
		if r, err := c.Agreement([]NUTSSpec{a, b}, cr, o, compute); err != nil || r.Verdict != exact.Agrees {
			t.Fatalf("result %+v, %v", r, err)
		}
	}
	cr.BandTolerance = 0.2
	if _, err := c.Agreement([]NUTSSpec{a, b}, cr, o, compute); err != nil || calls != 2 {
		t.Errorf("%d computations (want 2: other criteria), %v", calls, err)
	}
	if _, err := c.Agreement([]NUTSSpec{b, a}, cr, o, compute); err != nil || calls != 3 {
		t.Errorf("%d computations (want 3: the runs in another order), %v", calls, err)
	}
}
