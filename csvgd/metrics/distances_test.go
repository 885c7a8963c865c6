package metrics

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDistances(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	// Three layers of the paper's shapes (W0 30x3, W1 30x30, W2 1x30).
	layers := []int{90, 900, 30}
	const n = 7
	particles := make([][]float64, n)
	for a := range particles {
		for _, size := range layers {
			for range size {
				particles[a] = append(particles[a], rng.NormFloat64())
			}
		}
	}
	particles[5] = append([]float64(nil), particles[2]...) // a duplicate: distance 0
	d := Distances(particles)
	if len(d) != n {
		t.Fatalf("%d rows, want %d", len(d), n)
	}
	for a := range n {
		if len(d[a]) != n {
			t.Fatalf("row %d has %d columns, want %d", a, len(d[a]), n)
		}
		if d[a][a] != 0 {
			t.Errorf("d[%d][%d] = %v, want 0", a, a, d[a][a])
		}
		for b := range n {
			if d[a][b] != d[b][a] {
				t.Errorf("d[%d][%d] = %v != d[%d][%d] = %v", a, b, d[a][b], b, a, d[b][a])
			}
			// eq. (distances): sum over layers of squared Frobenius norms.
			var s float64
			off := 0
			for _, size := range layers {
				var frob2 float64
				for i := off; i < off+size; i++ {
					frob2 += (particles[a][i] - particles[b][i]) * (particles[a][i] - particles[b][i])
				}
				s += frob2
				off += size
			}
			if want := math.Sqrt(s); math.Abs(d[a][b]-want) > 1e-12*want {
				t.Errorf("d[%d][%d] = %.17g, want %.17g", a, b, d[a][b], want)
			}
		}
	}
	if d[2][5] != 0 {
		t.Errorf("distance between identical particles = %v, want 0", d[2][5])
	}
	// Small distances survive: no cancellation through |a|^2 + |b|^2 - 2 a.b.
	q := append([]float64(nil), particles[0]...)
	q[3] += 1e-9
	if got := Distances([][]float64{particles[0], q})[0][1]; math.Abs(got-1e-9) > 1e-15 {
		t.Errorf("distance for a 1e-9 change = %v", got)
	}
}

func TestDistancesPanicsOnRaggedInput(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for particles of different lengths")
		}
	}()
	Distances([][]float64{{1, 2}, {1}})
}
