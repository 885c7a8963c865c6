package figures

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestNetGraph: on a hand-made particle, edges below the threshold are
// omitted, nodes cut off from the output or the inputs are dead (and the
// edges touching them marked), and importances and weights are normalised
// per layer.
func TestNetGraph(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 3, 2, 1}}
	theta := []float64{
		// W_0 (3 x 3): hidden node 2 has no incoming edge above 1e-3
		1, -2, 0.5,
		0.5, 0.5, 0,
		1e-4, 0, -5e-4,
		// W_1 (2 x 3): hidden node 1 of layer 1 reaches nothing
		0.2, 0, 0.4,
		0.1, 5e-4, 0.1,
		// W_2 (1 x 2)
		3, 1,
	}
	g, err := newNetGraph(condense.NetworkOf(arch), condense.Options{Threshold: condense.PaperThreshold}, theta)
	if err != nil {
		t.Fatal(err)
	}
	if got := plotkit.JoinInts(g.live, "-"); got != "3-1-2-1" {
		t.Errorf("live counts %s, want 3-1-2-1", got)
	}
	for j, want := range []bool{false, true, true} {
		if g.nodes[1][j].dead != want {
			t.Errorf("layer 1 node %d dead = %v, want %v", j, g.nodes[1][j].dead, want)
		}
	}
	// edges: W_0 has 5 present, W_1 has 4 (5e-4 omitted), W_2 has 2
	if len(g.edges) != 11 {
		t.Fatalf("%d edges, want 11", len(g.edges))
	}
	topT := map[int]float64{}
	for i, e := range g.edges {
		topT[e.k] = math.Max(topT[e.k], e.t)
		if e.k == 0 && e.from == 1 && e.to == 0 && !e.neg {
			t.Error("W_0 (1, 2) = -2 not marked negative")
		}
		wantDead := (e.k == 0 && (e.to == 1 || e.to == 2)) || (e.k == 1 && (e.from == 1 || e.from == 2))
		if e.dead != wantDead {
			t.Errorf("edge %+v: dead = %v, want %v", e, e.dead, wantDead)
		}
		if i > 0 && !g.edges[i-1].dead && e.dead {
			t.Error("dead edges should be drawn first")
		}
		if i > 0 && g.edges[i-1].dead == e.dead && g.edges[i-1].t > e.t {
			t.Error("edges not drawn weakest first")
		}
	}
	for k := range 3 {
		if topT[k] != 1 {
			t.Errorf("W_%d: largest normalised weight %v, want 1", k, topT[k])
		}
	}
	// importance of layer 2's nodes: W_2 = (3, 1) -> 1, 1/3
	if math.Abs(g.nodes[2][0].t-1) > 1e-12 || math.Abs(g.nodes[2][1].t-1.0/3) > 1e-12 {
		t.Errorf("layer 2 importances %v, %v; want 1, 1/3", g.nodes[2][0].t, g.nodes[2][1].t)
	}
	// inputs: sum of |W_0| by column = (1.5001, 2.5, 0.5005) -> normalised by 2.5
	if math.Abs(g.nodes[0][1].t-1) > 1e-12 || math.Abs(g.nodes[0][0].t-1.5001/2.5) > 1e-12 {
		t.Errorf("input importances %+v", g.nodes[0])
	}
	// the inputs are spread over the middle third of the tallest layer
	g.height = 31
	if _, y := g.pos(0, 0); math.Abs(y-5) > 1e-12 {
		t.Errorf("first input at y = %v, want 5", y)
	}
	if _, y := g.pos(1, 0); y != 1 {
		t.Errorf("first hidden node at y = %v, want 1", y)
	}
}
