package hyperelastic_test

import (
	"bytes"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Example evaluates the truth of Sec. 5.2 at a uniaxial stretch, generates
// the paper's data sets at 10% noise and reads the training set back from
// CSV.
func Example() {
	truth := hyperelastic.PaperTruth()
	k, err := hyperelastic.NewKinematics([9]float64{1.1, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		panic(err)
	}
	S := truth.Stress(k)
	fmt.Printf("n = %.4f\n", truth.Normalization())
	fmt.Printf("F = diag(1.1, 1, 1): S11 = %.6f, S22 = %.6f\n", S[0], S[1])

	train, test, err := hyperelastic.Generate(hyperelastic.PaperData(0.1, 1))
	if err != nil {
		panic(err)
	}
	var b bytes.Buffer
	if err := hyperelastic.WriteCSV(&b, train); err != nil {
		panic(err)
	}
	back, err := hyperelastic.ReadCSV(&b, "train.csv")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d training points (%d read back), %d test points on d in [%.1f, %.1f]\n",
		len(train), len(back), len(test), test[0].D, test[len(test)-1].D)
	// Output:
	// n = 2.6695
	// F = diag(1.1, 1, 1): S11 = 0.466534, S22 = -0.037067
	// 80 training points (80 read back), 1000 test points on d in [-0.4, 0.4]
}
