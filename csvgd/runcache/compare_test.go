package runcache

import (
	"path/filepath"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// TestCachedCompare: a comparison is computed once and read back from
// beside the NUTS run's file; other options compute it again.
func TestCachedCompare(t *testing.T) {
	c := &Cache{Dir: filepath.Join(t.TempDir(), "runs")}
	n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	o := compare.DefaultOptions()
	calls := 0
	compute := func() (*compare.Result, error) {
		calls++
		return &compare.Result{Members: 7}, nil
	}
	for range 2 {
		r, err := c.Comparison(n, o, compute)
		if err != nil || r.Members != 7 {
			t.Fatalf("result %+v, %v", r, err)
		}
	}
	o.Seed++
	if _, err := c.Comparison(n, o, compute); err != nil || calls != 2 {
		t.Errorf("%d computations (want 1, then 1 more for other options), %v", calls, err)
	}
}
