package train

import (
	"errors"
	"fmt"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// Shapes says at which shapes a condensed run compiles the graphs of its
// stages (the first-order steps, the predictions and the KSD's score of
// the history records).
type Shapes int

const (
	// BackendShapes is the choice for the backend ([ShapesFor]): fixed
	// shapes on XLA, template shapes on the pure-Go backend.
	BackendShapes Shapes = iota
	// TemplateShapes compiles each stage's graphs at its template's
	// shapes: a condensed network's steps compute only its own weights,
	// and every new template compiles its graphs anew.
	TemplateShapes
	// FixedShapes compiles the graphs once, at the first stage's shapes
	// (Config.Arch), and runs every later stage's template embedded in
	// them ([icnn.Embedding]): the weights outside the template are held
	// at zero ([stein.Held]), so that the run computes what it computes
	// with template shapes, up to the order of sums. Where compiling costs
	// more than computing the wider network (XLA on a GPU: seconds per
	// graph against fractions of a millisecond per step) it saves one set
	// of compilations per template. Newton stages keep their template's
	// shapes.
	FixedShapes
)

// String names the mode as the command line and the JSON do.
func (s Shapes) String() string {
	switch s {
	case TemplateShapes:
		return "template"
	case FixedShapes:
		return "fixed"
	}
	return "backend"
}

// ParseShapes reads "template", "fixed" or "backend" (also "auto").
func ParseShapes(name string) (Shapes, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "template":
		return TemplateShapes, nil
	case "fixed":
		return FixedShapes, nil
	case "backend", "auto", "":
		return BackendShapes, nil
	}
	return BackendShapes, fmt.Errorf("shapes %q: want template, fixed or backend", name)
}

// UnmarshalText reads a mode's name ([ParseShapes]).
func (s *Shapes) UnmarshalText(b []byte) error {
	v, err := ParseShapes(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalText writes the mode's name.
func (s Shapes) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ShapesFor is the mode that [BackendShapes] stands for on backend b:
// template shapes on GoMLX's pure-Go backend, which compiles a graph in
// milliseconds and whose steps cost in proportion to the network's size,
// fixed shapes elsewhere (XLA), whose compilations dominate a run
// (docs/speed.md, "Fixed shapes").
func ShapesFor(b compute.Backend) Shapes {
	if stein.StepsModeFor(b) == stein.ChainedSteps { // the pure-Go backend
		return TemplateShapes
	}
	return FixedShapes
}

// fixedShapes reports whether the run's graphs keep the first stage's
// shapes.
func (r *run) fixedShapes() bool {
	s := r.opt.Shapes
	if s == BackendShapes {
		s = ShapesFor(r.b)
	}
	return s == FixedShapes && r.c.Method != Sequential
}

// graphArch is the network the run's graphs are compiled for while the
// current template is arch, and the embedding of arch in it (the identity
// with template shapes).
func (r *run) graphArch(arch icnn.Arch) (icnn.Arch, icnn.Embedding, error) {
	wide := arch
	if r.fixedShapes() {
		wide = r.c.Arch
	}
	emb, err := arch.EmbedIn(wide)
	if err != nil {
		return icnn.Arch{}, icnn.Embedding{}, fmt.Errorf("train: fixed shapes: %w", err)
	}
	return wide, emb, nil
}

// heldFlow is the first-order flow of the run's fixed shapes, made at the
// first stage and kept for the run: [Problem.HeldFlow] on the wide
// network.
func (r *run) heldFlow(wide icnn.Arch) (*stein.Flow, error) {
	if r.held != nil {
		return r.held, nil
	}
	f, err := r.problem(wide).HeldFlow(r.b)
	if err != nil {
		return nil, err
	}
	r.held = f
	r.opt.built("steps")
	return f, nil
}

// embedded is the first-order update of a template run on the graphs of a
// wider network ([FixedShapes]): the particles cross to the wide
// network's shape and back at every call, the optimizer state at the
// stage's start and end, on the host.
type embedded struct {
	firstOrder
	emb    icnn.Embedding
	n      int // the run's particles
	reads0 int // the flow's reads before this stage
	copies int // the particles read back this stage, once per call
}

// Steps embeds x, takes k steps of the wide flow and lowers the result
// into x; after a non-finite step x holds the particles before it, as the
// flow leaves them.
func (e *embedded) Steps(x *stein.Ensemble, k int) error {
	w := e.emb.Embed(x) // reads x: its Data is on the host from here on
	err := e.Flow.Steps(w, k)
	e.copies++
	if serr := w.Sync(); serr != nil {
		return errors.Join(err, serr)
	}
	copy(x.Data, e.emb.Lower(w).Data)
	return err
}

func (e *embedded) compile(x *stein.Ensemble) error {
	return e.Compile(stein.NewEnsemble(x.N, e.emb.Wide.NumParams()))
}

// State is the wrapped optimizer's state on the template.
func (e *embedded) State() ([]*stein.Ensemble, error) {
	s, err := e.Flow.State()
	if err != nil || len(s) == 0 {
		return s, err
	}
	out := make([]*stein.Ensemble, len(s)-1) // the mask is last
	for i := range out {
		out[i] = e.emb.Lower(s[i])
	}
	return out, nil
}

// SetState embeds the template's optimizer state (zero where there is
// none) and adds the mask of the template's weights.
func (e *embedded) SetState(state []*stein.Ensemble, iter int) error {
	e.reads0, e.copies = e.Reads, 0
	n := e.Optimizer.NumState() - 1
	if len(state) != 0 && len(state) != n {
		return fmt.Errorf("train: %d optimizer state tensors for a template run whose optimizer keeps %d", len(state), n)
	}
	mask := e.emb.Mask(e.particles(state))
	wide := make([]*stein.Ensemble, 0, n+1)
	for i := range n {
		if len(state) == 0 {
			wide = append(wide, stein.NewEnsemble(mask.N, mask.D))
			continue
		}
		wide = append(wide, e.emb.Embed(state[i]))
	}
	return e.Flow.SetState(append(wide, mask), iter)
}

// particles is the number of particles of the run.
func (e *embedded) particles(state []*stein.Ensemble) int {
	if len(state) > 0 {
		return state[0].N
	}
	return e.n
}

// reads counts the flow's reads and the particles read back after each
// call.
func (e *embedded) reads() int { return e.Reads - e.reads0 + e.copies }
func (e *embedded) mode() string {
	return firstOrder{e.Flow}.mode() + "; fixed shapes " + FormatWidths(e.emb.Wide.Widths)
}
