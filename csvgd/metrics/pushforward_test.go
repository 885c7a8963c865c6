package metrics

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

func TestPushForwardW1AgainstLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	const particles, points = 12, 9
	pred := make(hyperelastic.Predictions, particles)
	for a := range pred {
		pred[a] = make([]hyperelastic.Stress, points)
		for p := range points {
			for c := range hyperelastic.NumComponents {
				pred[a][p][c] = float64(p) + 0.1*float64(c) + 0.3*rng.NormFloat64()
			}
		}
	}
	ref := make([][]hyperelastic.Stress, points)
	for p := range ref {
		ref[p] = make([]hyperelastic.Stress, 200+p) // draws differ per point
		for d := range ref[p] {
			for c := range hyperelastic.NumComponents {
				ref[p][d][c] = (float64(p) + 0.1*float64(c)) * (1 + 0.05*rng.NormFloat64())
			}
		}
	}
	got, err := PushForwardW1(pred, ref)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.PerPoint) != points || len(got.PerPointSum) != points {
		t.Fatalf("got %d and %d points, want %d", len(got.PerPoint), len(got.PerPointSum), points)
	}
	var sum float64
	for p := range points {
		var rowSum float64
		for c := range hyperelastic.NumComponents {
			var x, y []float64
			for a := range pred {
				x = append(x, pred[a][p][c])
			}
			for _, r := range ref[p] {
				y = append(y, r[c])
			}
			want := bruteW1(x, y)
			if math.Abs(got.PerPoint[p][c]-want) > 1e-12*(1+want) {
				t.Errorf("point %d, component %d: %.17g, brute force %.17g", p, c, got.PerPoint[p][c], want)
			}
			rowSum += want
		}
		if math.Abs(got.PerPointSum[p]-rowSum) > 1e-12*(1+rowSum) {
			t.Errorf("point %d: sum %.17g, want %.17g", p, got.PerPointSum[p], rowSum)
		}
		sum += rowSum
	}
	if math.Abs(got.Sum-sum) > 1e-12*(1+sum) {
		t.Errorf("Sum = %.17g, want %.17g", got.Sum, sum)
	}
}

func TestPushForwardW1Errors(t *testing.T) {
	good := func() (hyperelastic.Predictions, [][]hyperelastic.Stress) {
		pred := hyperelastic.Predictions{{{1}, {2}}, {{1.5}, {2.5}}}
		ref := [][]hyperelastic.Stress{{{1}, {1.2}}, {{2}}}
		return pred, ref
	}
	tests := []struct {
		name   string
		damage func(pred hyperelastic.Predictions, ref [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress)
		want   string
	}{
		{"no particles", func(_ hyperelastic.Predictions, r [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			return nil, r
		}, "no particles"},
		{"no points", func(p hyperelastic.Predictions, _ [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			return p, nil
		}, "no test points"},
		{"short particle", func(p hyperelastic.Predictions, r [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			p[1] = p[1][:1]
			return p, r
		}, "particle 1 predicts 1 points"},
		{"no draws", func(p hyperelastic.Predictions, r [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			r[1] = nil
			return p, r
		}, "point 1 has no reference draws"},
		{"NaN prediction", func(p hyperelastic.Predictions, r [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			p[0][1][4] = math.NaN()
			return p, r
		}, "particle 0, point 1, component 4"},
		{"Inf reference", func(p hyperelastic.Predictions, r [][]hyperelastic.Stress) (hyperelastic.Predictions, [][]hyperelastic.Stress) {
			r[0][1][5] = math.Inf(-1)
			return p, r
		}, "reference point 0, draw 1, component 5"},
	}
	if _, err := PushForwardW1(good()); err != nil {
		t.Fatalf("undamaged input: %v", err)
	}
	for _, tt := range tests {
		_, err := PushForwardW1(tt.damage(good()))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}
