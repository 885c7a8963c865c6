package study

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestKSDPlateaus: a stage's plateau is the median KSD over its records
// after its start, before its condensation; the floor is sqrt(d/N);
// the table counts the plateaus within 5% of their floor, both ways.
// N KSD^2 - d splits into the off-diagonal trace term, computed here from
// its closed form for the IMQ kernel c = 1, beta = -1/2, and the rest,
// each the median over the stage's records with distances.
func TestKSDPlateaus(t *testing.T) {
	res := &train.Result{
		Stages: []train.StageRecord{{Stage: 0, Iterations: 10, TemplateParams: 300}, {Stage: 1, Iterations: 10, TemplateParams: 27}},
		History: []train.Record{
			{Iter: 0, KSD: 50}, {Iter: 4, KSD: 9.8}, {Iter: 6, KSD: 30}, {Iter: 8, KSD: 10}, {Iter: 10, KSD: 10, Condensation: train.Before},
			{Iter: 10, KSD: 3, Condensation: train.After}, {Iter: 12, KSD: 5.9}, {Iter: 16, KSD: 6}, {Iter: 18, KSD: 40}, {Iter: 20, KSD: 6},
		},
	}
	res.Config.Particles = 3
	p, err := KSDPlateaus(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(p) != 2 {
		t.Fatalf("%d plateaus, want 2", len(p))
	}
	for k, want := range []struct{ ksd, floor, excess float64 }{{10, 10, 0}, {6, 3, 81}} {
		if math.Abs(p[k].KSD-want.ksd) > 1e-12 || math.Abs(p[k].Floor-want.floor) > 1e-12 || math.Abs(p[k].Excess()-want.excess) > 1e-9 {
			t.Errorf("stage %d: KSD %v floor %v excess %v, want %+v", k, p[k].KSD, p[k].Floor, p[k].Excess(), want)
		}
	}
	if r := p[1].Ratio(); r <= floorBand {
		t.Errorf("stage 1 at %v x its floor: want above the band %v", r, floorBand)
	}
	if r := p[0].Ratio(); r > floorBand {
		t.Errorf("stage 0 at %v x its floor: want within the band %v", r, floorBand)
	}
	if !math.IsNaN(p[0].MinDist) || !math.IsNaN(p[0].MedianDist) || !math.IsNaN(p[0].OffTrace) || !math.IsNaN(p[0].Scores) {
		t.Errorf("no distances recorded: min %v median %v, off-diagonal trace %v, scores %v; want NaN", p[0].MinDist, p[0].MedianDist, p[0].OffTrace, p[0].Scores)
	}
	// Distances: the smallest over the stage's records (the record after
	// the condensation that starts stage 1 left out of stage 1), the median
	// of the records' medians.
	line := func(x ...float64) [][]float64 {
		d := make([][]float64, len(x))
		for a := range x {
			d[a] = make([]float64, len(x))
			for b := range x {
				d[a][b] = math.Abs(x[a] - x[b])
			}
		}
		return d
	}
	res.History[6].Distances = line(0, 2, 5)   // pairs 2, 3, 5
	res.History[7].Distances = line(0, 4, 10)  // pairs 4, 6, 10
	res.History[9].Distances = line(0, 7, 15)  // pairs 7, 8, 15
	res.History[5].Distances = line(0, 0.5, 1) // after the condensation: left out
	if p, err = KSDPlateaus(res); err != nil {
		t.Fatal(err)
	}
	if p[1].MinDist != 2 || p[1].MedianDist != 6 {
		t.Errorf("stage 1: smallest pair distance %v, median %v; want 2 and 6", p[1].MinDist, p[1].MedianDist)
	}
	// Off the diagonal, tr(grad_x grad_y k) = d q^(-3/2) - 3 r^2 q^(-5/2),
	// q = 1 + r^2, once per ordered pair, over N = 3.
	offOf := func(pairs ...float64) float64 {
		var sum float64
		for _, r := range pairs {
			q := 1 + r*r
			sum += 2 * (27*math.Pow(q, -1.5) - 3*r*r*math.Pow(q, -2.5))
		}
		return sum / 3
	}
	offs := []float64{offOf(2, 3, 5), offOf(4, 6, 10), offOf(7, 8, 15)}
	scores := []float64{3*5.9*5.9 - 27 - offs[0], 3*6*6 - 27 - offs[1], 3*6*6 - 27 - offs[2]}
	if w := median(offs); math.Abs(p[1].OffTrace-w) > 1e-12 {
		t.Errorf("stage 1: off-diagonal trace term %v, want %v", p[1].OffTrace, w)
	}
	if w := median(scores); math.Abs(p[1].Scores-w) > 1e-12 {
		t.Errorf("stage 1: score terms %v, want %v", p[1].Scores, w)
	}
	if !(p[1].OffTrace > 0) || math.Abs(p[1].OffTrace+p[1].Scores-p[1].Excess()) > 0.5 {
		t.Errorf("stage 1: off-diagonal trace %v and scores %v against the excess %v: want a positive trace term, the parts adding to it within 0.5", p[1].OffTrace, p[1].Scores, p[1].Excess())
	}
	res.History[7].Distances = line(0, 4, 10, 11) // four particles in a run of three
	if _, err := KSDPlateaus(res); err == nil {
		t.Error("a record with distances of 4 particles in a run of 3: want an error")
	}
	if m := median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Errorf("median of 4, 1, 2, 3: %v, want 2.5", m)
	}
}
