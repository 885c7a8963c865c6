package nbutil

import (
	"encoding/base64"
	"fmt"
	"os"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/widgets"
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
	graph = figures.GraphSequence(history, []int{v.Particle}, []int{rec.Iter})
	weights = figures.LayerWeights(icnn.Arch{Widths: rec.Widths}, rec.Particles, v.Layer)
	return graph, weights
}

// Explore shows the explorer for the history of a run kept with its
// particles. In a live notebook: a select for the particle, one for the
// weight matrix and a slider over the history records, redrawing on every
// change until no choice has changed for idle (run the cell again to
// resume). Headless (the runner sets CSVGD_HEADLESS=1): the static view
// start, as two figures.
func Explore(history []train.Record, start View, idle time.Duration) {
	if len(history) == 0 || history[0].Particles == nil {
		panic(fmt.Errorf("explore: the history holds no particles (train with Config.Keep)"))
	}
	if !Interactive() {
		showView(history, start)
		return
	}
	n, layers := len(history[0].Particles), len(history[0].Widths)-1
	names := func(prefix string, n int, from int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i+from)
		}
		return out
	}
	gonbui.DisplayHTML("<b>particle, weight matrix, history record (iteration):</b>")
	particle := widgets.Select(names("particle ", n, 1)).SetDefault(start.Particle).Done()
	layer := widgets.Select(names("W", layers, 0)).SetDefault(start.Layer).Done()
	record := widgets.Slider(0, len(history)-1, start.Record).Done()
	pc, lc, rc := particle.Listen().LatestOnly(), layer.Listen().LatestOnly(), record.Listen().LatestOnly()
	const id = "csvgd-explore"
	v := start
	for {
		updateView(id, history, v)
		select {
		case v.Particle = <-pc.C:
		case v.Layer = <-lc.C:
		case v.Record = <-rc.C:
		case <-time.After(idle):
			gonbui.DisplayHTML("<i>explorer stopped after a pause; run the cell again to resume</i>")
			flush()
			return
		}
	}
}

func showView(history []train.Record, v View) {
	g, w := ExploreFigures(history, v)
	Show(g)
	Show(w)
}

// updateView redraws the explorer's output block id.
func updateView(id string, history []train.Record, v View) {
	g, w := ExploreFigures(history, v)
	html := fmt.Sprintf("<p>particle %d, W%d, iteration %d (template %v)</p>",
		v.Particle+1, v.Layer, history[v.Record].Iter, history[v.Record].Widths)
	for _, f := range []*figures.Figure{g, w} {
		img, err := f.PNG()
		if err != nil {
			html += fmt.Sprintf("<p style=\"color:red\">%s: %v</p>", f.Name, err)
			continue
		}
		html += fmt.Sprintf(`<img style="max-width:100%%" src="data:image/png;base64,%s"/>`, base64.StdEncoding.EncodeToString(img))
	}
	gonbui.UpdateHTML(id, html)
}
