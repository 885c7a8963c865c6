package train

import (
	"fmt"
	"strings"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/gomlx/compute"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// DefaultNewtonMaxParams is the largest template on which the Newton
// updates run when Config.NewtonMaxParams is 0: larger templates (the
// paper's 1020 weights at the start) take first-order steps. A Newton step
// costs about N^2 D^2 for the block Hessians and 240 N D^2 for the
// Gauss-Newton curvatures.
const DefaultNewtonMaxParams = 150

// DefaultNewtonRadius is the trust radius of update u on the networks
// when Config.NewtonRadius is 0 (svn.Config.Radius: the damping
// mu = 2 eps / (N radius^2) added to the Newton systems and the
// preconditioner). For snewton no component of a step's noise then has a
// standard deviation above 0.1; for newton, whose steps are deterministic,
// the damping only bounds the steps along directions of small curvature.
// Both values kept the condensed templates' training error at its start
// or below over 400 iterations from the first stage of a cSVGD run (10
// particles, alpha = 1/2, lambda = 0.05, 10% noise), where the undamped
// updates diverged within 50.
func DefaultNewtonRadius(u svn.Update) float64 {
	if u == svn.StochasticNewton {
		return 0.1
	}
	return 0.5
}

// Placement is where the Newton updates' data curvature is computed: in
// the GoMLX graph on the flow's backend, or on the host in float64 by the
// hand-written network of package reference. The zero value is
// [DefaultPlacement].
type Placement string

const (
	// GraphPlacement computes the score and the Gauss-Newton curvature in
	// one GoMLX graph (icnn.Arch.Score and icnn.Arch.GaussNewton).
	GraphPlacement Placement = "graph"
	// HostPlacement computes them with reference.Likelihood.GaussNewton,
	// one goroutine per particle range.
	HostPlacement Placement = "host"
	// DefaultPlacement is the placement that BenchmarkNewtonCurvature
	// measured faster for the condensed templates of Sec. 5: the host, at
	// every size it tried (templates of 57 to 207 weights, 10 to 50
	// particles, the pure-Go backend; docs/beyond.md). The graph's
	// Jacobian evaluates N (M + 1) 3 copies of a small network, one point
	// each: thousands of tiny matrix products, where the host's loops
	// reuse one forward pass per point for its three reverse passes.
	DefaultPlacement = HostPlacement
)

// Validate reports a placement that is neither.
func (p Placement) Validate() error {
	switch p {
	case "", GraphPlacement, HostPlacement:
		return nil
	}
	return fmt.Errorf("curvature placement %q: want graph or host", string(p))
}

// UnmarshalText reads a placement and checks it.
func (p *Placement) UnmarshalText(b []byte) error {
	v := Placement(strings.ToLower(strings.TrimSpace(string(b))))
	if err := v.Validate(); err != nil {
		return err
	}
	*p = v
	return nil
}

// MarshalText writes the name.
func (p Placement) MarshalText() ([]byte, error) { return []byte(p), nil }

// Or is p, or [DefaultPlacement] for the zero value.
func (p Placement) Or() Placement {
	if p == "" {
		return DefaultPlacement
	}
	return p
}

// newtonMaxParams is Config.NewtonMaxParams or its default.
func (c Config) newtonMaxParams() int {
	if c.NewtonMaxParams == 0 {
		return DefaultNewtonMaxParams
	}
	return c.NewtonMaxParams
}

// usesNewton reports whether a stage on a template of params weights
// takes the Newton update of c.
func (c Config) usesNewton(params int) bool {
	return c.Update.SecondOrder() && params <= c.newtonMaxParams()
}

// NewtonFlow is the Newton flow of the problem: the update of
// Config.Update with Config.NewtonStep (0: svn.DefaultStep), the prior
// smoothed at the threshold, the constrained weights clipped at 0 as the
// first-order flow's projection does, the noise seeded by Config.Seed, and
// the data curvature computed where Config.Curvature says.
func (p Problem) NewtonFlow(b compute.Backend) (*svn.Flow, error) {
	c := p.Config
	step := c.NewtonStep
	if step == 0 {
		step = svn.DefaultStep(c.Update)
	}
	m, err := p.CurvatureModel(b)
	if err != nil {
		return nil, err
	}
	radius := c.NewtonRadius
	if radius == 0 {
		radius = DefaultNewtonRadius(c.Update)
	}
	return svn.NewFlow(m, svn.Config{Update: c.Update, Prior: c.PriorAt(c.Threshold), StepSize: step, Radius: radius, Constrained: p.Arch.Constrained(), Seed: c.Seed})
}

// CurvatureModel is the likelihood of the problem as a Newton flow's
// model: its score and Gauss-Newton curvature, computed where
// Config.Curvature says.
func (p Problem) CurvatureModel(b compute.Backend) (svn.Model, error) {
	if p.Config.Curvature.Or() == HostPlacement {
		like, err := reference.NewLikelihood(p.Arch, p.Train, p.Weight())
		if err != nil {
			return nil, err
		}
		return hostCurvature{like}, nil
	}
	arch, train, w := p.Arch, p.Train, p.Weight()
	score := p.Score()
	exec, err := NewExec(backend.ForWork(b, p.Work(p.Config.Particles)), func(theta *Node) (*Node, *Node) {
		return score(theta), arch.GaussNewton(theta, train, w)
	})
	if err != nil {
		return nil, fmt.Errorf("train: building the curvature graph: %w", err)
	}
	return graphCurvature{exec}, nil
}

// graphCurvature computes the score and the Gauss-Newton curvature in a
// GoMLX graph.
type graphCurvature struct{ exec *Exec }

func (g graphCurvature) Derivatives(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) {
	out, err := g.exec.Exec(x.Tensor())
	if err != nil {
		return nil, nil, fmt.Errorf("curvature graph: %w", err)
	}
	defer func() {
		for _, t := range out {
			_ = t.FinalizeAll()
		}
	}()
	score := stein.NewEnsemble(x.N, x.D)
	if err := tensors.ConstFlatData(out[0], func(v []float64) { copy(score.Data, v) }); err != nil {
		return nil, nil, err
	}
	d2 := x.D * x.D
	curv := make([][]float64, x.N)
	err = tensors.ConstFlatData(out[1], func(v []float64) {
		for a := range curv {
			curv[a] = append([]float64(nil), v[a*d2:(a+1)*d2]...)
		}
	})
	return score, curv, err
}

// hostCurvature computes them with the hand-written network, the particles
// split over the CPUs.
type hostCurvature struct{ like *reference.Likelihood }

func (h hostCurvature) Derivatives(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) {
	score := stein.NewEnsemble(x.N, x.D)
	curv := make([][]float64, x.N)
	var wg sync.WaitGroup
	for a, theta := range x.Rows() {
		curv[a] = make([]float64, x.D*x.D)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.like.GaussNewton(theta, score.Particle(a), curv[a])
		}()
	}
	wg.Wait()
	return score, curv, nil
}
