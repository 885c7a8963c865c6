package icnn_test

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Example builds the paper's network of Sec. 5.1, draws an ensemble of 3
// particles and evaluates their stresses with one compiled graph at 5
// points of the test path. The potential is normalised so that every
// particle's stress vanishes at F = I (eq. potential_normalization), and
// the graph agrees with the plain-loop evaluation on the host.
func Example() {
	backend.Notice = io.Discard // keep the example's output clean
	b := backend.MustDefault()
	arch := icnn.Paper()
	constrained := 0
	for _, c := range arch.Constrained() {
		if c {
			constrained++
		}
	}
	fmt.Printf("widths %v: %d parameters, %d of them kept non-negative\n", arch.Widths, arch.NumParams(), constrained)

	x := arch.Init(3, rand.New(rand.NewPCG(1, 2)))
	identity, err := hyperelastic.NewKinematics([9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	var atIdentity float64
	for p := range x.N {
		for _, s := range arch.HostStress(x.Particle(p), identity) {
			atIdentity = math.Max(atIdentity, math.Abs(s))
		}
	}
	fmt.Println("stress at F = I vanishes (to 1e-12):", atIdentity < 1e-12)

	dc := hyperelastic.PaperData(0, 1)
	dc.NTest = 5
	_, test, err := hyperelastic.Generate(dc)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, err := icnn.PredictAt(b, arch, test, x) // hyperelastic.Predictions, [particle][point]
	if err != nil {
		fmt.Println(err)
		return
	}
	var diff float64
	for p := range pred {
		for i, s := range test {
			host := arch.HostStress(x.Particle(p), s.Kinematics)
			for k := range host {
				diff = math.Max(diff, math.Abs(pred[p][i][k]-host[k]))
			}
		}
	}
	fmt.Printf("predictions [%d][%d][%d]; graph and host agree to 1e-10: %v\n", len(pred), len(pred[0]), len(pred[0][0]), diff < 1e-10)
	// Output:
	// widths [3 30 30 1]: 1020 parameters, 930 of them kept non-negative
	// stress at F = I vanishes (to 1e-12): true
	// predictions [3][5][6]; graph and host agree to 1e-10: true
}

// ExampleArch_EmbedIn places a condensed template in the paper's network:
// the wide network, whose other weights are zero, predicts the template's
// stresses, so that graphs compiled once at the wide shapes serve every
// template of a condensed run.
func ExampleArch_EmbedIn() {
	backend.Notice = io.Discard
	b := backend.MustDefault()
	wide := icnn.Paper()
	template := wide.WithWidths([]int{3, 8, 10, 1})
	emb, err := template.EmbedIn(wide)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := template.Init(2, rand.New(rand.NewPCG(1, 2)))
	dc := hyperelastic.PaperData(0, 1)
	dc.NTest = 4
	_, test, err := hyperelastic.Generate(dc)
	if err != nil {
		fmt.Println(err)
		return
	}
	small, err := icnn.PredictAt(b, template, test, x)
	if err != nil {
		fmt.Println(err)
		return
	}
	big, err := icnn.PredictAt(b, wide, test, emb.Embed(x))
	if err != nil {
		fmt.Println(err)
		return
	}
	var diff float64
	for p := range small {
		for i := range small[p] {
			for k := range small[p][i] {
				diff = math.Max(diff, math.Abs(small[p][i][k]-big[p][i][k]))
			}
		}
	}
	fmt.Printf("%d template weights in %d; the stresses agree to 1e-12: %v\n", template.NumParams(), wide.NumParams(), diff < 1e-12)
	// Output:
	// 114 template weights in 1020; the stresses agree to 1e-12: true
}
