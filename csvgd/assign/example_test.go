package assign_test

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/assign"
)

// Example assigns three workers to three jobs at the least total cost.
func Example() {
	cost := [][]float64{
		{4, 1, 3},
		{2, 0, 5},
		{3, 2, 2},
	}
	rowToCol, total, err := assign.Solve(cost)
	if err != nil {
		panic(err)
	}
	fmt.Println(rowToCol, total)
	// Output:
	// [1 0 2] 5
}
