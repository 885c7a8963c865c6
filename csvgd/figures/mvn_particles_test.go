package figures

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// TestMVNParticlesFromStudy feeds a tiny real study (mvn.ParticlesStudy)
// to the figure: one panel per lambda.
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
	if len(f.Panels) != 1 || len(f.Panels[0]) != len(s.Lambdas) {
		t.Errorf("%d x %d panels, want 1 x %d", len(f.Panels), len(f.Panels[0]), len(s.Lambdas))
	}
}
