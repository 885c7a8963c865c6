package ensemble_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// Example saves a two-particle ensemble of a small network, loads it back
// and reads one weight matrix.
func Example() {
	dir, err := os.MkdirTemp("", "ensemble-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ensemble.json")

	widths := []int{3, 2, 1} // W_0 is 2x3, W_1 is 1x2
	f := ensemble.New(widths, [][]float64{
		{0.12, -0.5, 1.3, 0.7, 0, 2.25, 0.4, 0.031},
		{0.2, -0.45, 1.1, 0.66, 0.01, 2.5, 0.38, 0},
	}, map[string]any{"alpha": 0.5, "lambda": 0.05})
	if err := ensemble.Save(path, f, ensemble.KeepExisting); err != nil {
		panic(err)
	}
	if err := ensemble.Save(path, f, ensemble.KeepExisting); err != nil {
		fmt.Println("second save refused:", err != nil)
	}

	g, err := ensemble.Load(path)
	if err != nil {
		panic(err)
	}
	w0 := g.Weights(1)[0]
	fmt.Println(ensemble.NumParams(g.Widths), "parameters,", len(g.Particles), "particles, alpha", g.Meta["alpha"])
	fmt.Println("particle 1, W_0 row 1:", w0.RawRowView(1))
	// Output:
	// second save refused: true
	// 8 parameters, 2 particles, alpha 0.5
	// particle 1, W_0 row 1: [0.66 0.01 2.5]
}
