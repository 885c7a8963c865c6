package icnn

import (
	"fmt"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Embedding places the weights of a condensed network (a template of
// graph condensation) inside a wider network of the same depth and
// inputs: node j of every layer of the template is node j of the same
// layer of the wide network, and every weight of the wide network that no
// template weight maps to is zero. Since the networks have no biases, a
// node of the wide network whose incoming and outgoing weights are zero
// adds exactly zero to every sum it enters, so the wide network computes
// the template's output, stresses and scores (on the template's weights),
// up to the order in which sums are formed. That lets every stage of a
// condensed run use graphs compiled once at the first stage's shapes
// (docs/speed.md, "Fixed shapes").
type Embedding struct {
	Template, Wide Arch
	index          []int // the wide network's index of each template weight
}

// EmbedIn is the embedding of a in wide. It fails when the two differ in
// depth, inputs or the input and output layers, or when a layer of a is
// wider than wide's.
func (a Arch) EmbedIn(wide Arch) (Embedding, error) {
	if len(a.Widths) != len(wide.Widths) || a.Inputs != wide.Inputs || a.Widths[0] != wide.Widths[0] {
		return Embedding{}, fmt.Errorf("icnn: network %v cannot be embedded in %v: depth, inputs or input layer differ", a.Widths, wide.Widths)
	}
	for k, w := range a.Widths {
		if w > wide.Widths[k] {
			return Embedding{}, fmt.Errorf("icnn: network %v cannot be embedded in %v: layer %d has %d nodes, more than %d", a.Widths, wide.Widths, k, w, wide.Widths[k])
		}
	}
	e := Embedding{Template: a.WithWidths(a.Widths), Wide: wide.WithWidths(wide.Widths), index: make([]int, 0, a.NumParams())}
	wl := wide.Layers()
	for k, l := range a.Layers() {
		for r := range l.Rows {
			for c := range l.Cols {
				e.index = append(e.index, wl[k].Offset+r*wl[k].Cols+c)
			}
		}
	}
	return e, nil
}

// Identity reports whether the template is the wide network itself.
func (e Embedding) Identity() bool { return slices.Equal(e.Template.Widths, e.Wide.Widths) }

// Embed is x [N, template weights] placed in the wide network, [N, wide
// weights], zero outside the template.
func (e Embedding) Embed(x *stein.Ensemble) *stein.Ensemble {
	w := stein.NewEnsemble(x.N, e.Wide.NumParams())
	for a := range x.N {
		src, dst := x.Particle(a), w.Particle(a)
		for i, j := range e.index {
			dst[j] = src[i]
		}
	}
	return w
}

// Lower is the template's weights of w [N, wide weights]: the inverse of
// [Embedding.Embed] on the ensembles it makes.
func (e Embedding) Lower(w *stein.Ensemble) *stein.Ensemble {
	x := stein.NewEnsemble(w.N, len(e.index))
	for a := range w.N {
		src, dst := w.Particle(a), x.Particle(a)
		for i, j := range e.index {
			dst[i] = src[j]
		}
	}
	return x
}

// Mask is 1 on the wide network's weights that belong to the template and
// 0 elsewhere, for n particles: the mask of [stein.Held].
func (e Embedding) Mask(n int) *stein.Ensemble {
	m := stein.NewEnsemble(n, e.Wide.NumParams())
	for a := range n {
		row := m.Particle(a)
		for _, j := range e.index {
			row[j] = 1
		}
	}
	return m
}
