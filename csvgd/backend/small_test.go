package backend

import (
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// TestForWork: big graphs stay on the backend; small ones go to one
// sequential twin (made once) that computes the same numbers bit for bit;
// backends this package did not make are left alone; the twin's
// configuration starts no worker goroutines.
func TestForWork(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if got := ForWork(b, SmallGraph); got != b {
		t.Fatal("a graph of SmallGraph elements left the backend")
	}
	small := ForWork(b, 10)
	if created[b] == SafeGoConfig && small == b {
		t.Fatal("a small graph stayed on the parallel backend")
	}
	if again := ForWork(b, 10); again != small {
		t.Fatal("a second twin was made")
	}
	if other := ForWork(small, 10); other != small {
		t.Fatal("the twin got a twin of its own")
	}
	fn := func(x *Node) *Node { return ReduceSum(Exp(Einsum("ij,kj->ik", x, Sin(x))), 1) }
	x := func() *tensors.Tensor { // a tensor used on one backend cannot be used on another
		return tensors.FromValue([][]float64{{0.1, -2, 3.5}, {1e-3, 0.7, -0.2}, {4, 5, 6}})
	}
	want := MustExecOnce(b, fn, x()).Value().([]float64)
	got := MustExecOnce(small, fn, x()).Value().([]float64)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("element %d: %v on the twin, %v on the backend", i, got[i], want[i])
		}
	}
	for opts, want := range map[string]string{
		"parallelism=-1":                    "go:parallelism=0,ops_sequential",
		"":                                  "go:parallelism=0,ops_sequential",
		"parallelism=4,dotgeneral_small":    "go:parallelism=0,ops_sequential,dotgeneral_small",
		"ops_parallel,parallelism=-1,foo=1": "go:parallelism=0,ops_sequential,foo=1",
	} {
		if got := sequentialConfig(opts); got != want {
			t.Errorf("sequentialConfig(%q) = %q, want %q", opts, got, want)
		}
	}
}
