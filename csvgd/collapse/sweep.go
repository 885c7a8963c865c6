package collapse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/gomlx/compute"
)

// SweepConfig is Ba et al.'s experiment on N(0, I_D) ([IsotropicProblem]):
// every update at every dimension of Dims with Particles particles, and at
// dimension Dim with every count of Counts, from seed Seed.
type SweepConfig struct {
	Updates   []svn.Update
	Dims      []int // dimensions of the first series
	Particles int   // particles of the first series
	Dim       int   // dimension of the second series
	Counts    []int // particle counts of the second series
	Seed      uint64
	Quick     bool // fewer iterations (a quarter of each update's default)
}

// PaperSweep is the sweep of the figure variance_collapse: svgd, newton
// and snewton at D = 2, 5, 10, 20, 50, 100 with 20 particles and at D =
// 50 with 5, 10, 20, 50 and 100 particles; quick mode drops D = 100 and
// 100 particles and runs a quarter of the iterations.
func PaperSweep(quick bool) SweepConfig {
	c := SweepConfig{
		Updates: []svn.Update{svn.SVGD, svn.Newton, svn.StochasticNewton},
		Dims:    []int{2, 5, 10, 20, 50, 100}, Particles: 20,
		Dim: 50, Counts: []int{5, 10, 20, 50, 100},
		Seed: 1, Quick: quick,
	}
	if quick {
		c.Dims, c.Counts = c.Dims[:5], c.Counts[:4]
	}
	return c
}

// Point is one run of a sweep: its dimension, particle count and update.
type Point struct {
	Dim, Particles int
	Update         svn.Update
}

// Points lists the runs: the dimension series (update-major), then the
// particle-count series; the run of both series (Dim, Particles) once.
func (c SweepConfig) Points() []Point {
	var out []Point
	seen := map[Point]bool{}
	add := func(p Point) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, u := range c.Updates {
		for _, d := range c.Dims {
			add(Point{d, c.Particles, u})
		}
	}
	for _, u := range c.Updates {
		for _, n := range c.Counts {
			add(Point{c.Dim, n, u})
		}
	}
	return out
}

// iters is the number of iterations of update u in the sweep.
func (c SweepConfig) iters(u svn.Update) int {
	if c.Quick {
		return DefaultIters(u) / 4
	}
	return DefaultIters(u)
}

// Sweep runs every point of c on backend b (progress, when not nil, is
// called after each run with the runs done and their total).
func Sweep(b compute.Backend, c SweepConfig, progress func(done, total int)) ([]*Result, error) {
	pts := c.Points()
	out := make([]*Result, 0, len(pts))
	for i, p := range pts {
		prob, err := IsotropicProblem(p.Dim)
		if err != nil {
			return nil, err
		}
		r, err := Run(b, prob, Config{Update: p.Update, Particles: p.Particles, Iters: c.iters(p.Update), Seed: c.Seed})
		if err != nil {
			return nil, err
		}
		out = append(out, r)
		if progress != nil {
			progress(i+1, len(pts))
		}
	}
	return out, nil
}

// sweepFileVersion changes when the meaning of a cached sweep changes.
const sweepFileVersion = 1

// sweepFile is a finished sweep on disk: its configuration and results.
type sweepFile struct {
	Version int
	Config  SweepConfig
	Results []*Result
}

// ReadSweep returns the sweep c cached at path by [CachedSweep]; an error
// wrapping fs.ErrNotExist when path holds no finished sweep of exactly c.
func ReadSweep(path string, c SweepConfig) ([]*Result, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f sweepFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("collapse: %s is damaged (%v): %w", path, err, fs.ErrNotExist)
	}
	want, _ := json.Marshal(c)
	got, _ := json.Marshal(f.Config)
	if f.Version != sweepFileVersion || !bytes.Equal(want, got) || len(f.Results) != len(c.Points()) {
		return nil, fmt.Errorf("collapse: %s holds another sweep: %w", path, fs.ErrNotExist)
	}
	return f.Results, nil
}

// CachedSweep returns the sweep c, read from path when that file holds it,
// otherwise run ([Sweep]) and written there atomically ("" : no cache).
func CachedSweep(b compute.Backend, c SweepConfig, path string, progress func(done, total int)) ([]*Result, error) {
	if path != "" {
		if r, err := ReadSweep(path, c); err == nil {
			return r, nil
		}
	}
	r, err := Sweep(b, c, progress)
	if err != nil || path == "" {
		return r, err
	}
	if err := atomicfile.WriteJSON(path, sweepFile{Version: sweepFileVersion, Config: c, Results: r}); err != nil {
		return nil, fmt.Errorf("collapse: %w", err)
	}
	return r, nil
}
