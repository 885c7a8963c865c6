package nbutil

import (
	"fmt"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// WeightsStart is where notebook 07's explorer starts: indices into its
// sources of the two ensembles, and k of the weight matrix W_k.
type WeightsStart struct{ A, B, Layer int }

// ExploreWeights shows notebook 07's weight explorer over sources (opened
// from store) as a [Live] view: selects for two ensembles and a weight
// matrix W_k, and the view of both side by side ([figures.SideBySide])
// with the pair plot of the first's two largest entries of W_k
// ([explore.DefaultPair], [figures.WeightPair]), every ensemble condensed
// first. Each source is opened once, when it is first chosen. Headless:
// the view of start, static.
func ExploreWeights(store *study.Store, sources []explore.Source, start WeightsStart, idle time.Duration) {
	if len(sources) == 0 {
		panic(fmt.Errorf("explore weights: no ensembles to explore"))
	}
	names := make([]string, len(sources))
	for i, s := range sources {
		names[i] = s.Label
	}
	opened := map[int]weights.Networks{}
	open := func(i int) (weights.Networks, error) {
		if e, ok := opened[i]; ok {
			return e, nil
		}
		e, err := sources[i].Open(store)
		if err == nil {
			e, err = explore.Condensed(e)
		}
		if err == nil {
			opened[i] = e
		}
		return e, err
	}
	first := Must(open(start.A)) // the weight matrices of its network are the choices
	Live{
		Name: "weights",
		Controls: []Control{
			{Label: "ensemble", Options: names, Value: start.A},
			{Label: "beside", Options: names, Value: start.B},
			{Label: "weight matrix", Options: numbered("W", len(first.Arch.Layers()), 0), Value: start.Layer},
		},
		Idle: idle,
		Draw: func(v []int) (string, []*figures.Figure, error) {
			var es []weights.Networks
			for _, i := range v[:2] {
				e, err := open(i)
				if err != nil {
					return "", nil, err
				}
				es = append(es, e)
			}
			k := v[2]
			pair := explore.DefaultPair(es[0], k)
			caption := fmt.Sprintf("<p><b>%s</b> (template %s) beside <b>%s</b> (template %s), W<sub>%d</sub> (weights); pair plot of %v and %v</p>",
				es[0].Label, train.FormatWidths(es[0].Arch.Widths), es[1].Label, train.FormatWidths(es[1].Arch.Widths), k, pair[0], pair[1])
			return caption, []*figures.Figure{figures.SideBySide(es, k), figures.WeightPair(es[0], pair[0], pair[1])}, nil
		},
	}.Show()
}
