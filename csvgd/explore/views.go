package explore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/internal/errtag"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// Options choose what the views show.
type Options struct {
	// Layer is k of the weight matrix W_k whose densities the side-by-side
	// view compares, and whose two largest entries the pair view shows by
	// default.
	Layer int
	// Pair holds the two entries of the pair view; nil picks them
	// ([DefaultPair]).
	Pair []weights.Entry
}

// ErrNotInEnsemble is wrapped by the error of [Views] for a layer or a
// pair entry that an ensemble (as condensed) does not have: options that
// do not fit the ensembles, not a failure to draw them.
var ErrNotInEnsemble = errors.New("not in the ensemble")

// DefaultOptions compare W₁, the first matrix of non-negative weights,
// and pair its two entries of the largest mean |w|.
func DefaultOptions() Options { return Options{Layer: 1} }

// Views condenses e and the ensembles in compare ([Condensed]) and draws
// the explorer's views of them, in this order: weight_distributions,
// weight_pair and template_graph of e, and side_by_side of e next to
// compare when compare is not empty. It reports a layer o.Layer that an
// ensemble does not have and a pair entry that e does not have (errors
// wrapping [ErrNotInEnsemble]), and the first ensemble or figure that
// cannot be made.
func Views(e weights.Networks, compare []weights.Networks, o Options) ([]*figures.Figure, error) {
	c, err := Condensed(e)
	if err != nil {
		return nil, err
	}
	if err := figures.CheckLayer(c.Arch, o.Layer); err != nil {
		return nil, errtag.With(fmt.Errorf("explore: %w", err), ErrNotInEnsemble)
	}
	pair := o.Pair
	if pair == nil {
		pair = DefaultPair(c, o.Layer)
	}
	if len(pair) != 2 {
		return nil, fmt.Errorf("explore: %d entries for the pair view, want 2", len(pair))
	}
	for _, en := range pair {
		if _, err := en.Index(c.Arch); err != nil {
			return nil, errtag.With(fmt.Errorf("explore: %w", err), ErrNotInEnsemble)
		}
	}
	figs := []*figures.Figure{
		figures.WeightDistributionsOf(c),
		figures.WeightPair(c, pair[0], pair[1]),
		figures.TemplateGraph(c),
	}
	if len(compare) > 0 {
		all := []weights.Networks{c}
		for _, x := range compare {
			xc, err := Condensed(x)
			if err != nil {
				return nil, err
			}
			if err := figures.CheckLayer(xc.Arch, o.Layer); err != nil {
				return nil, errtag.With(fmt.Errorf("explore: %s: %w", xc.Label, err), ErrNotInEnsemble)
			}
			all = append(all, xc)
		}
		figs = append(figs, figures.SideBySide(all, o.Layer))
	}
	for _, f := range figs {
		if err := f.Err(); err != nil {
			return nil, fmt.Errorf("explore: %w", err)
		}
	}
	return figs, nil
}

// DefaultPair is the pair of entries the pair view shows when none is
// chosen: the two entries of W_k with the largest mean |w| across the
// particles ([figures.TopEntries]), completed from the other matrices
// when W_k has fewer than two worth drawing (a network pruned to almost
// nothing), and by W_k's first weights as a last resort. e must have at
// least two weights.
func DefaultPair(e weights.Networks, k int) []weights.Entry {
	var out []weights.Entry
	add := func(es []weights.Entry) {
		for _, x := range es {
			if len(out) < 2 && (len(out) == 0 || out[0] != x) {
				out = append(out, x)
			}
		}
	}
	layers := e.Arch.Layers()
	order := []int{k}
	for m := range layers {
		if m != k {
			order = append(order, m)
		}
	}
	for _, m := range order {
		top, _ := figures.TopEntries(e.Arch, e.Particles, m, 2)
		add(top)
	}
	for _, m := range order {
		if m < 0 || m >= len(layers) {
			continue
		}
		l := layers[m]
		for idx := range min(2, l.Rows*l.Cols) {
			add([]weights.Entry{{K: m, I: idx / l.Cols, J: idx % l.Cols}})
		}
	}
	return out
}

// Save writes each figure as DIR/NAME.png and DIR/NAME.svg, creating dir.
// Without force it first checks that none of these files exists, and
// writes nothing when one does (an error wrapping [ensemble.ErrExists]).
func Save(figs []*figures.Figure, dir string, force bool) error {
	if !force {
		for _, f := range figs {
			for _, ext := range []string{".png", ".svg"} {
				path := filepath.Join(dir, f.Name+ext)
				if _, err := os.Stat(path); err == nil {
					return errtag.With(fmt.Errorf("%s exists; pass -force to replace it", path), ensemble.ErrExists)
				} else if !errors.Is(err, fs.ErrNotExist) {
					return err
				}
			}
		}
	}
	for _, f := range figs {
		if err := f.Save(dir); err != nil {
			return err
		}
	}
	return nil
}
