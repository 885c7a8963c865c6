package figures

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// TestMVNParticlesFromStudy feeds a tiny real study (mvn.ParticlesStudy)
// to the figure: one row per lambda, one panel per bandwidth in each row,
// so that no ensemble is drawn over another.
func TestMVNParticlesFromStudy(t *testing.T) {
	b, err := backend.Default()
	if err != nil {
		t.Fatal(err)
	}
	s := mvn.PaperParticles(true)
	s.Gammas = []float64{0.1, 10}
	s.Base.Particles, s.Base.Iters = 8, 30
	res, err := mvn.ParticlesStudy(b, mvn.PaperTarget(), s)
	if err != nil {
		t.Fatal(err)
	}
	f := MVNParticles(res)
	if _, err := f.PNG(); err != nil {
		t.Fatal(err)
	}
	if len(f.Panels) != len(s.Lambdas) {
		t.Fatalf("%d rows of panels, want %d", len(f.Panels), len(s.Lambdas))
	}
	for i, row := range f.Panels {
		if len(row) != len(s.Gammas) {
			t.Errorf("row %d: %d panels, want %d", i, len(row), len(s.Gammas))
		}
	}
}
