package train_test

import (
	"fmt"
	"io"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Example trains a tiny cSVGD ensemble: 4 networks of widths 3-8-8-1 on
// the 10% noise data of Sec. 5.2 (40 test points), 3 stages of 100
// iterations at alpha = 0.5 and a strong prior, lambda = 0.5, each ended
// by graph condensation (Alg. graph_condense). The history records the
// start and the end of every stage, twice: before and after its
// condensation. The ensemble mean's training error falls, and
// condensation removes the nodes the prior silenced. (Which nodes, and the
// exact errors, depend on the backend and the build; the example prints
// what does not.)
func Example() {
	backend.Notice = io.Discard // keep the example's output clean
	b := backend.MustDefault()
	dc := hyperelastic.PaperData(0.1, 1)
	dc.NTest = 40
	tr, te, err := hyperelastic.Generate(dc)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := train.DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 8, 8, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 4, 300, 100, 100, 100
	c.Alpha, c.Lambda = 0.5, 0.5
	res, err := train.Run(b, c, train.Data{Noise: dc.Noise, Train: tr, Test: te}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range res.History {
		line := fmt.Sprintf("iteration %3d", h.Iter)
		if h.Condensation != train.NoCondensation {
			line += ", " + string(h.Condensation) + " condensation"
		}
		fmt.Println(line)
	}
	first, last := res.History[0], res.History[len(res.History)-1]
	fmt.Printf("%d stages; the training error fell by more than half: %v\n", len(res.Stages), last.TrainRMSE < first.TrainRMSE/2)
	fmt.Printf("condensation shrank the template of %d parameters: %v\n", c.Arch.NumParams(), res.Arch.NumParams() < c.Arch.NumParams())
	// Output:
	// iteration   0
	// iteration 100, before condensation
	// iteration 100, after condensation
	// iteration 200, before condensation
	// iteration 200, after condensation
	// iteration 300, before condensation
	// iteration 300, after condensation
	// 3 stages; the training error fell by more than half: true
	// condensation shrank the template of 96 parameters: true
}
