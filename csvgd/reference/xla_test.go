package reference_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gomlx/compute"
	"github.com/gomlx/go-xla/compute/xla"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// xlaBackend is the process's backend when GOMLX_BACKEND names an XLA
// plugin (xla:..., for example the path scripts/gpu-env.sh prints); the
// test is skipped otherwise.
func xlaBackend(t *testing.T) compute.Backend {
	t.Helper()
	cfg := backend.Config()
	if name, _, _ := strings.Cut(cfg, ":"); name != xla.BackendName {
		t.Skipf("GOMLX_BACKEND does not name an XLA backend (%s is %q; set it to xla:/abs/path/plugin.so)", backend.EnvVar, cfg)
	}
	be := backendtest.Backend(t)
	t.Logf("backend %s: %s", cfg, be.Description())
	return be
}

// TestXLAStepMatchesReference: one Stein step of the paper's ICNN
// ensemble (10 particles, Adam, the RBF kernel with the paper's bandwidth)
// on the XLA backend against the hand-written reference, to 1e-10, with
// the score by autodiff and in closed form.
func TestXLAStepMatchesReference(t *testing.T) {
	be := xlaBackend(t)
	b := icnn.NewBatch(trainingSamples(t))
	for _, closed := range []bool{false, true} {
		checkStepMatchesFlow(t, be, b, icnn.Paper(), "adam", 1, closed)
	}
}

// TestXLACondensedStresses: particles of the paper's network with the
// outgoing weights of hidden nodes cut (node 3 of layer 1 in all of them,
// node 7 of layer 2 in all but the first) condense to a smaller template,
// and the XLA backend's stress graph gives the condensed networks the
// stresses of the originals at the 80 training points, to 1e-10 relative;
// the originals' agree with the host's formula too.
func TestXLACondensedStresses(t *testing.T) {
	be := xlaBackend(t)
	samples := trainingSamples(t)
	arch := icnn.Paper()
	x := initial(arch, 6, 5)
	for a := 0; a < x.N; a++ {
		cutOutgoing(arch, x.Particle(a), 1, 3)
		if a > 0 {
			cutOutgoing(arch, x.Particle(a), 2, 7)
		}
	}
	r, err := condense.Condense(arch, x.Rows(), condense.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Arch.Widths, []int{3, 29, 30, 1}; !slices.Equal(got, want) {
		t.Fatalf("template %v, want %v", got, want)
	}
	y, err := stein.EnsembleFromRows(r.Particles)
	if err != nil {
		t.Fatal(err)
	}
	before, err := icnn.PredictAt(be, arch, samples, x)
	if err != nil {
		t.Fatal(err)
	}
	after, err := icnn.PredictAt(be, r.Arch, samples, y)
	if err != nil {
		t.Fatal(err)
	}
	host := make(hyperelastic.Predictions, x.N)
	for a := range host {
		for _, s := range samples {
			host[a] = append(host[a], arch.HostStress(x.Particle(a), s.Kinematics))
		}
	}
	dc, dh := stressDiff(after, before), stressDiff(before, host)
	t.Logf("template %v; stresses: condensed against original %.3g, original against the host %.3g (relative)", r.Arch.Widths, dc, dh)
	if !(dc <= 1e-10) || !(dh <= 1e-10) {
		t.Errorf("condensed networks' stresses differ from the originals' by %.3g, the originals' from the host's by %.3g (relative), want <= 1e-10", dc, dh)
	}
}

// cutOutgoing zeroes the outgoing weights of node j of hidden layer k.
func cutOutgoing(arch icnn.Arch, theta []float64, k, j int) {
	l := arch.Layers()[k]
	for r := 0; r < l.Rows; r++ {
		theta[l.Offset+r*l.Cols+j] = 0
	}
}

// stressDiff is max |got - want| / max |want| over particles, points and
// components.
func stressDiff(got, want hyperelastic.Predictions) float64 {
	var d, s float64
	for a := range want {
		for m := range want[a] {
			for v := range hyperelastic.NumComponents {
				d = math.Max(d, math.Abs(got[a][m][v]-want[a][m][v]))
				s = math.Max(s, math.Abs(want[a][m][v]))
			}
		}
	}
	return d / s
}
