package regress

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/dense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
)

// File is the final ensemble as a saved-ensemble file of dense networks
// (package ensemble, version 4), with meta (not copied).
func (r *Result) File(meta map[string]any) *ensemble.File {
	d := ensemble.Dense{Activation: string(r.Model.Arch.Activation),
		Inputs: columns(r.Inputs, r.XScale), Targets: columns(r.Targets, r.YScale)}
	return ensemble.NewDense(r.Model.Arch.Widths, r.Particles.Rows(), d, meta)
}

func columns(names []string, s tabular.Scaling) []ensemble.Column {
	out := make([]ensemble.Column, len(names))
	for i, n := range names {
		out[i] = ensemble.Column{Name: n, Mean: s.Mean[i], SD: s.SD[i]}
	}
	return out
}

// Ensemble is a fitted ensemble of dense networks as a saved file holds
// it: the model, the inputs' and targets' names and scalings, and the
// particles on the standardised scale.
type Ensemble struct {
	Model           Model
	Inputs, Targets []string
	XScale, YScale  tabular.Scaling
	Particles       [][]float64
}

// Ensemble is the fit's final ensemble.
func (r *Result) Ensemble() Ensemble {
	return Ensemble{Model: r.Model, Inputs: r.Inputs, Targets: r.Targets, XScale: r.XScale, YScale: r.YScale, Particles: r.Particles.Rows()}
}

// FromFile reads the ensemble of a file of dense networks (a file of
// input-convex networks is an error that says so). The noise precisions
// are read from the particles, whether they were learned or fixed.
func FromFile(f *ensemble.File) (Ensemble, error) {
	if !f.IsDense() {
		return Ensemble{}, fmt.Errorf("regress: the file holds input-convex networks (csvgd train), not dense ones (csvgd fit)")
	}
	if err := f.Validate(); err != nil {
		return Ensemble{}, fmt.Errorf("regress: %w", err)
	}
	act, err := dense.ParseActivation(f.Dense.Activation)
	if err != nil {
		return Ensemble{}, fmt.Errorf("regress: %w", err)
	}
	e := Ensemble{Model: Model{Arch: dense.Arch{Widths: append([]int(nil), f.Widths...), Activation: act}}, Particles: f.Particles}
	e.Inputs, e.XScale = fromColumns(f.Dense.Inputs)
	e.Targets, e.YScale = fromColumns(f.Dense.Targets)
	return e, nil
}

func fromColumns(cs []ensemble.Column) ([]string, tabular.Scaling) {
	var names []string
	s := tabular.Scaling{}
	for _, c := range cs {
		names = append(names, c.Name)
		s.Mean, s.SD = append(s.Mean, c.Mean), append(s.SD, c.SD)
	}
	return names, s
}

// Predict is the ensemble's predictive distribution at the inputs x
// ([point][input], the data's units, in the order of Inputs).
func (e Ensemble) Predict(x [][]float64) Predictive {
	return predict(e.Model, e.Particles, e.XScale, e.YScale, x)
}

// Columns reads the ensemble's inputs (and, when present, its targets)
// from the table t by name: the inputs x [row][input] and y
// [row][target], nil when t lacks a target column. A missing input is an
// error naming it.
func (e Ensemble) Columns(t tabular.Table) (x, y [][]float64, err error) {
	in := make([]int, len(e.Inputs))
	for i, n := range e.Inputs {
		if in[i], err = t.Column(n); err != nil {
			return nil, nil, fmt.Errorf("the ensemble's input %q: %w", n, err)
		}
	}
	out := make([]int, 0, len(e.Targets))
	for _, n := range e.Targets {
		if j, err := t.Column(n); err == nil {
			out = append(out, j)
		}
	}
	for _, r := range t.Rows {
		x = append(x, pick(r, in))
		if len(out) == len(e.Targets) {
			y = append(y, pick(r, out))
		}
	}
	return x, y, nil
}

func pick(row []float64, cols []int) []float64 {
	out := make([]float64, len(cols))
	for i, j := range cols {
		out[i] = row[j]
	}
	return out
}
