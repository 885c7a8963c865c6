package nbutil

import (
	"fmt"
	"os"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/janpfeifer/gonb/gonbui"
)

// HeadlessEnv is set to "1" by the notebook runner (internal/nbrun) when no
// browser is attached to the kernel.
const HeadlessEnv = "CSVGD_HEADLESS"

// Interactive tells whether widgets can be used: the program runs in a
// GoNB notebook and the runner has not said that no browser is attached (a
// widget waits for its browser side before it returns).
func Interactive() bool {
	return gonbui.IsNotebook && os.Getenv(HeadlessEnv) != "1"
}

// View is what the explorer shows: one particle's network at one history
// record, and the distribution across particles of one weight matrix there.
type View struct {
	Particle int // 0-based
	Layer    int // k of W_k
	Record   int // index into the history
}

// ExploreFigures are the two figures of v: the particle's graph (as in
// Fig. graph_condense_sequence) and layer v.Layer's weight densities (as in
// Fig. weight_distributions), both at history record v.Record, which must
// hold the particles (train.Config.Keep).
func ExploreFigures(history []train.Record, v View) (graph, weights *figures.Figure) {
	rec := history[v.Record]
	// One record: the end of a stage is recorded twice, before and after its condensation.
	graph = figures.GraphCondenseSequence(history[v.Record:v.Record+1], []int{v.Particle}, []int{rec.Iter})
	weights = figures.LayerWeights(icnn.Arch{Widths: rec.Widths}, rec.Particles, v.Layer)
	return graph, weights
}

// Explore shows notebook 04's explorer for the history of a run kept with
// its particles, as a [Live] view: a select for the particle, one for the
// weight matrix and a slider over the history records, drawing
// [ExploreFigures]; it stops after idle without a change or on its stop
// button. Headless (the runner sets CSVGD_HEADLESS=1): the view start, as
// two static figures.
func Explore(history []train.Record, start View, idle time.Duration) {
	if len(history) == 0 || history[0].Particles == nil {
		panic(fmt.Errorf("explore: the history holds no particles (train with Config.Keep)"))
	}
	n, layers := len(history[0].Particles), len(history[0].Widths)-1
	Live{
		Name: "explorer",
		Controls: []Control{
			{Label: "particle", Options: numbered("particle ", n, 1), Value: start.Particle},
			{Label: "weight matrix", Options: numbered("W", layers, 0), Value: start.Layer},
			{Label: "history record", Max: len(history) - 1, Value: start.Record},
		},
		Idle: idle,
		Draw: func(v []int) (string, []*figures.Figure, error) {
			view := View{Particle: v[0], Layer: v[1], Record: v[2]}
			rec := history[view.Record]
			g, w := ExploreFigures(history, view)
			caption := fmt.Sprintf("<p>particle %d, W<sub>%d</sub> (weights), iteration %d%s (template %s)</p>", view.Particle+1, view.Layer, rec.Iter, phase(rec), train.FormatWidths(rec.Widths))
			return caption, []*figures.Figure{g, w}, nil
		},
	}.Show()
}

// phase is ", before condensation" or ", after condensation" for a
// record at the end of a stage, "" for others.
func phase(rec train.Record) string {
	if rec.Condensation == train.NoCondensation {
		return ""
	}
	return ", " + string(rec.Condensation) + " condensation"
}

// numbered is n names prefix+from, prefix+(from+1), ...
func numbered(prefix string, n, from int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i+from)
	}
	return out
}
