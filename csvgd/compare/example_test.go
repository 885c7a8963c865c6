package compare_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Example compares an ensemble of 50 members whose push-forward is half
// as wide as that of 1000 reference draws, on a test path of five points
// inside the training range. Against bands of 50 reference draws the
// ratio's interval holds one half; against the band of all draws the
// ratio is smaller still, by the small-sample bias of a band of 50.
func Example() {
	var test []hyperelastic.Sample
	for d := -0.2; d <= 0.2001; d += 0.1 {
		test = append(test, hyperelastic.Sample{D: d, STrue: hyperelastic.Stress{1 + d, 0.5 + d, 0.5 + d}})
	}
	// members predicts the truth plus scale z (1 + |d|), z ~ N(0, 1), per member.
	members := func(n int, scale float64, seed uint64) hyperelastic.Predictions {
		rng := rand.New(rand.NewPCG(seed, 1))
		out := make(hyperelastic.Predictions, n)
		for j := range out {
			z := scale * rng.NormFloat64()
			for _, s := range test {
				p := s.STrue
				for k := range 3 {
					p[k] += z * (1 + max(s.D, -s.D))
				}
				out[j] = append(out[j], p)
			}
		}
		return out
	}
	r, err := compare.Predictions(members(50, 0.5, 1), members(1000, 1, 2), test, compare.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d members against %d draws, %d entries\n", r.Members, r.ReferenceDraws, r.Entries)
	fmt.Printf("band90_ratio %v, band90_ratio_all %v\n", r.Band90Ratio, r.Band90RatioAll)
	fmt.Println("the interval of band90_ratio holds 0.5:", r.Band90Ratio.Lo <= 0.5 && 0.5 <= r.Band90Ratio.Hi)
	// Output:
	// 50 members against 1000 draws, 15 entries
	// band90_ratio 0.497 [0.404, 0.612], band90_ratio_all 0.467 [0.379, 0.575]
	// the interval of band90_ratio holds 0.5: true
}

// ExampleFiles compares two saved ensembles of one template, as csvgd
// compare does: here networks of the template [3, 2, 1] whose weights
// spread twice as much in the "reference" as in the "Stein ensemble",
// on a generated test path. The result marshals to the JSON of csvgd
// compare -json.
func ExampleFiles() {
	dir, err := os.MkdirTemp("", "compare")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	rng := rand.New(rand.NewPCG(3, 4))
	write := func(name string, n int, spread float64) string {
		ps := make([][]float64, n)
		for j := range ps {
			ps[j] = []float64{0.3, 0.2, 0.1, -0.2, 0.4, 0.1, 0.5, 0.3}
			for i := range ps[j] {
				ps[j][i] *= 1 + spread*rng.NormFloat64()
			}
			ps[j][6], ps[j][7] = abs(ps[j][6]), abs(ps[j][7]) // W_1 >= 0
		}
		path := filepath.Join(dir, name)
		if err := ensemble.Save(path, ensemble.New([]int{3, 2, 1}, ps, nil), ensemble.KeepExisting); err != nil {
			fmt.Println(err)
		}
		return path
	}
	stein, ref := write("stein.json", 10, 0.05), write("draws.json", 400, 0.1)
	c := hyperelastic.PaperData(0.1, 1)
	c.NTest = 100
	_, test, err := hyperelastic.Generate(c)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := compare.Files(stein, ref, test, compare.Options{Bootstrap: 200, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d members, %d draws, %d test points inside the training range\n", r.Members, r.ReferenceDraws, r.InRangePoints)
	fmt.Println("band90_ratio below 1:", r.Band90Ratio.Estimate < 1)
	raw, _ := json.Marshal(r)
	fmt.Println("JSON has band90_ratio:", strings.Contains(string(raw), `"band90_ratio":{"estimate":`))
	// Output:
	// 10 members, 400 draws, 50 test points inside the training range
	// band90_ratio below 1: true
	// JSON has band90_ratio: true
}

func abs(x float64) float64 { return max(x, -x) }
