package train

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestAlignmentAtCondensation: one condensation of a partly trained
// ensemble with Align = "assignment" gives particles that are permutations
// of those of the importance sort, on the same template, with the same
// stresses at the training points (1e-12 relative), and carries the
// optimizer state through the same permutation: a state equal to the
// particles before condensing equals them after it. The alignment must
// move some node (the test would pass vacuously otherwise).
func TestAlignmentAtCondensation(t *testing.T) {
	c := checkpointConfig("csvgd")
	c.Iters, c.Stage, c.Lambda = 10, 10, 5
	d := checkpointData(t)
	trained, err := Run(testBackend(t), func() Config { c := c; c.Method = "svgd"; return c }(), d, nil)
	if err != nil {
		t.Fatal(err)
	}
	condensed := map[condense.Alignment]*run{}
	for _, align := range []condense.Alignment{"", condense.ByAssignment} {
		ca := c
		ca.Align = align
		r := newRun(testBackend(t), ca, d, Options{})
		r.x = trained.Particles.Clone()
		r.state = []*stein.Ensemble{trained.Particles.Clone(), trained.Particles.Clone()}
		if err := r.condense(); err != nil {
			t.Fatal(err)
		}
		for i, s := range r.state {
			if !slices.Equal(s.Data, r.x.Data) {
				t.Errorf("align %q: state %d does not follow the particles", align, i)
			}
		}
		condensed[align] = r
	}
	imp, asg := condensed[""], condensed["assignment"]
	if !slices.Equal(imp.res.Arch.Widths, asg.res.Arch.Widths) {
		t.Fatalf("templates %v and %v", imp.res.Arch.Widths, asg.res.Arch.Widths)
	}
	moved := false
	for a := range imp.x.N {
		p, q := imp.x.Particle(a), asg.x.Particle(a)
		moved = moved || !slices.Equal(p, q)
		sp, sq := slices.Sorted(slices.Values(p)), slices.Sorted(slices.Values(q))
		if !slices.Equal(sp, sq) {
			t.Errorf("particle %d: the aligned weights are not a permutation of the sorted ones", a)
		}
		for _, s := range d.Train[:10] {
			k := s.Kinematics
			x, y := imp.res.Arch.HostStress(p, k), asg.res.Arch.HostStress(q, k)
			for v := range 6 {
				if math.Abs(x[v]-y[v]) > 1e-12*(1+math.Abs(x[v])) {
					t.Errorf("particle %d: S[%d] = %v sorted, %v aligned", a, v, x[v], y[v])
				}
			}
		}
	}
	if !moved {
		t.Error("the alignment left every particle in the importance order")
	}
	// the aligned ensemble is at least as close to its medoid
	before, after := medoidSum(imp.x.Rows()), medoidSum(asg.x.Rows())
	t.Logf("summed distance to the medoid: importance %.4g, assignment %.4g", before, after)
	if after > before*(1+1e-12) {
		t.Errorf("assignment: summed distance to the medoid %v, importance %v", after, before)
	}
}

// medoidSum is the least summed distance (eq. distances) of a particle to
// the others.
func medoidSum(ps [][]float64) float64 {
	best := math.Inf(1)
	for a := range ps {
		s := 0.0
		for b := range ps {
			var d float64
			for i := range ps[a] {
				d += (ps[a][i] - ps[b][i]) * (ps[a][i] - ps[b][i])
			}
			s += math.Sqrt(d)
		}
		best = math.Min(best, s)
	}
	return best
}

// TestHistoryKSD: every history record holds a positive, finite KSD, and
// the last one is the KSD of the final particles to the posterior at the
// run's lambda, computed independently from a new flow of the problem.
func TestHistoryKSD(t *testing.T) {
	c := smallConfig()
	c.Iters, c.Every, c.Lambda = 40, 20, 0.05
	d := testData(t, 0.1)
	res, err := Run(testBackend(t), c, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.History {
		if !(h.KSD > 0) || math.IsInf(h.KSD, 0) {
			t.Errorf("iteration %d: KSD %v", h.Iter, h.KSD)
		}
	}
	p := NewProblem(c, d)
	f, err := p.Flow(testBackend(t))
	if err != nil {
		t.Fatal(err)
	}
	want, err := f.KSD(res.Particles)
	if err != nil {
		t.Fatal(err)
	}
	last := res.History[len(res.History)-1]
	if math.Abs(last.KSD-want) > 1e-12*want {
		t.Errorf("last record's KSD %v, recomputed %v", last.KSD, want)
	}
	t.Logf("KSD over the history: first %.4g, last %.4g", res.History[0].KSD, last.KSD)
}

// TestAlignValidate: unknown alignments and references, and an assignment
// for a method without condensation, are refused naming the value.
func TestAlignValidate(t *testing.T) {
	for _, tc := range []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Align = "sorted" }, `"sorted"`},
		{func(c *Config) { c.Align, c.AlignRef = "assignment", "mean" }, `"mean"`},
		{func(c *Config) { c.Align, c.Method, c.Alpha = "assignment", "sequential", 2 }, `"sequential"`},
	} {
		c := DefaultConfig()
		tc.mod(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want an error naming %s, got %v", tc.want, err)
		}
	}
	c := DefaultConfig()
	c.Align, c.AlignRef = condense.ByAssignment, condense.Barycenter
	if err := c.Validate(); err != nil {
		t.Errorf("assignment to the barycenter: %v", err)
	}
}
