package condense_test

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Example condenses two particles of a [3, 3, 2, 1] network and carries an
// optimizer moment through the same maps.
func Example() {
	arch := icnn.Arch{Widths: []int{3, 3, 2, 1}}
	particles := [][]float64{
		{
			1, -0.5, 0.2, // W_0: node 0 of layer 1
			0.0005, -0.0002, 0.0001, // node 1: every incoming weight below 1e-3
			0.3, 0.4, -0.6, // node 2
			0.2, 0.5, 0.9, // W_1: node 0 of layer 2
			0.05, 0.3, 0, // node 1
			0.7, 0.0004, // W_2: node 1 of layer 2 loses its outgoing edge
		},
		{
			0.5, 0.5, 0.5, -1, 0, 2, 0.2, 0.2, 0.2,
			0.1, 0.2, 0.3, 0.4, 0, 0.6,
			0.5, 0.8,
		},
	}
	r, err := condense.Condense(arch, particles, condense.Options{Threshold: condense.PaperThreshold})
	if err != nil {
		panic(err)
	}
	fmt.Println("template", r.Arch.Widths, "passes", r.Iterations)
	for a, p := range r.Particles {
		fmt.Println("particle", a, "layer 1 nodes", r.Maps[a].Nodes[1], "layer 2 nodes", r.Maps[a].Nodes[2])
		active, _ := metrics.ActiveWeights([][]float64{p}, condense.PaperThreshold)
		fmt.Println("  W_2", p[len(p)-2:], "active weights", active[0])
	}
	moments := make([][]float64, len(particles))
	for a := range moments {
		moments[a] = make([]float64, arch.NumParams())
		for i := range moments[a] {
			moments[a][i] = float64(i)
		}
	}
	fmt.Println("moment of particle 0's W_2:", r.Remap(moments)[0][r.Arch.NumParams()-2:])
	// Output:
	// template [3 3 2 1] passes 2
	// particle 0 layer 1 nodes [2 0 -1] layer 2 nodes [0 -1]
	//   W_2 [0.7 0] active weights 9
	// particle 1 layer 1 nodes [2 0 1] layer 2 nodes [1 0]
	//   W_2 [0.8 0.5] active weights 15
	// moment of particle 0's W_2: [15 0]
}
