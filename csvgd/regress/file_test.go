package regress

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestFileRoundTrip: a fitted cSVGD ensemble written as a file and read
// back predicts what the fit's result predicts, bit for bit, and reads
// its inputs from a table by name; an input-convex file is refused.
func TestFileRoundTrip(t *testing.T) {
	c := smallConfig(80)
	c.Method, c.Stage, c.Lambda = train.CSVGD, 40, 0.02
	d := sineData(80, 1, 0.1, 5)
	res, err := Fit(backendtest.Backend(t), c, d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ensemble.Write(&buf, res.File(map[string]any{"test": true})); err != nil {
		t.Fatal(err)
	}
	f, err := ensemble.Read(&buf, "fit.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := FromFile(f)
	if err != nil {
		t.Fatal(err)
	}
	want, got := res.Predict(d.Test.X), e.Predict(d.Test.X)
	for a := range want.Mean {
		for m := range want.Mean[a] {
			if got.Mean[a][m][0] != want.Mean[a][m][0] || got.SD[a][0] != want.SD[a][0] {
				t.Fatalf("particle %d, point %d: %v ± %v, want %v ± %v", a, m, got.Mean[a][m], got.SD[a], want.Mean[a][m], want.SD[a])
			}
		}
	}
	tab := tabular.Table{Names: []string{"y", "x3", "x1", "x2"}, Rows: [][]float64{{7, 0.1, 0.2, 0.3}}}
	x, y, err := e.Columns(tab)
	if err != nil || len(x) != 1 || x[0][0] != 0.2 || x[0][2] != 0.1 || y[0][0] != 7 {
		t.Errorf("columns by name: x %v, y %v, %v", x, y, err)
	}
	if _, _, err := e.Columns(tabular.Table{Names: []string{"x1"}, Rows: [][]float64{{1}}}); err == nil || !strings.Contains(err.Error(), `input "x2"`) {
		t.Errorf("a missing input: %v", err)
	}
	if _, err := FromFile(ensemble.New([]int{3, 2, 1}, [][]float64{make([]float64, 8)}, nil)); err == nil || !strings.Contains(err.Error(), "input-convex") {
		t.Errorf("an input-convex file: %v", err)
	}
}

// TestCachedFit: a cached fit reads back with the same particles, stages
// and measures; another configuration or other data are not read from it.
func TestCachedFit(t *testing.T) {
	b := backendtest.Backend(t)
	c := smallConfig(40)
	c.Method, c.Stage, c.Lambda = train.CSVGD, 20, 0.02
	d := sineData(60, 0, 0.1, 6)
	path := t.TempDir() + "/fit.json"
	res, err := CachedFit(b, c, d, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := ReadFit(path, c, d)
	if err != nil {
		t.Fatal(err)
	}
	if !equal(res.Particles, again.Particles) || again.Test != res.Test || len(again.Stages) != len(res.Stages) || again.Model.Arch.Widths[1] != res.Model.Arch.Widths[1] {
		t.Errorf("read back %+v, want %+v", again.Test, res.Test)
	}
	if p, q := res.Predict(d.Test.X), again.Predict(d.Test.X); p.LL(d.Test.Y) != q.LL(d.Test.Y) {
		t.Error("the cached fit predicts otherwise")
	}
	other := c
	other.Seed = 2
	if _, err := ReadFit(path, other, d); err == nil {
		t.Error("another seed read the cached fit")
	}
	if _, err := ReadFit(path, c, sineData(60, 0, 0.1, 7)); err == nil {
		t.Error("other data read the cached fit")
	}
}

// TestCancelledFitWritesNothing: a cached fit whose context is done stops
// with an error wrapping the context's and writes no file; the next call
// computes it.
func TestCancelledFitWritesNothing(t *testing.T) {
	b := backendtest.Backend(t)
	c := smallConfig(40)
	d := sineData(60, 0, 0.1, 6)
	path := t.TempDir() + "/fit.json"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CachedFit(b, c, d, path, Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled fit: %v, want an error wrapping context.Canceled", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the cancelled fit left %s (%v)", path, err)
	}
	if _, err := CachedFit(b, c, d, path, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFit(path, c, d); err != nil {
		t.Errorf("the next fit was not cached: %v", err)
	}
}
