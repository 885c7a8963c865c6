package dotvjp_test

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/internal/dotvjp"
	"github.com/gomlx/gomlx/backends"
	. "github.com/gomlx/gomlx/pkg/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/pkg/core/tensors"
)

// gomlxVJP is GoMLX's own DotGeneral VJP, saved before anything registers
// this package's (backend.New does, through backendtest).
var gomlxVJP VJP

func TestMain(m *testing.M) {
	gomlxVJP = VJPRegistration[NodeTypeDotGeneral]
	dotvjp.Register()
	os.Exit(m.Run())
}

// using builds graphs with fn as the DotGeneral VJP while f runs. Graphs
// are built when first executed, so f must execute them (or build them
// explicitly) itself. Tests using it must not run in parallel.
func using(fn VJP, f func()) {
	old := VJPRegistration[NodeTypeDotGeneral]
	VJPRegistration[NodeTypeDotGeneral] = fn
	defer func() { VJPRegistration[NodeTypeDotGeneral] = old }()
	f()
}

// dotCase is one bilinear map built from DotGeneral (or Einsum).
type dotCase struct {
	name     string
	lhs, rhs []int
	build    func(lhs, rhs *Node) *Node
}

func general(name string, lhs []int, lhsContracting, lhsBatch []int, rhs []int, rhsContracting, rhsBatch []int) dotCase {
	return dotCase{name: name, lhs: lhs, rhs: rhs, build: func(l, r *Node) *Node {
		return DotGeneral(l, lhsContracting, lhsBatch, r, rhsContracting, rhsBatch)
	}}
}

// letterDims gives the dimension of each Einsum letter (o = 1 as the
// single output of the ICNN's last layer).
var letterDims = map[rune]int{'n': 3, 'm': 4, 'j': 5, 'i': 2, 'k': 3, 'o': 1, 'b': 4, 'a': 3, 'd': 2}

func einsum(eq string) dotCase {
	in, _, _ := strings.Cut(eq, "->")
	l, r, _ := strings.Cut(in, ",")
	dims := func(s string) []int {
		var d []int
		for _, c := range s {
			d = append(d, letterDims[c])
		}
		return d
	}
	return dotCase{name: eq, lhs: dims(l), rhs: dims(r), build: func(x, y *Node) *Node { return Einsum(eq, x, y) }}
}

var cases = []dotCase{
	general("matmul", []int{3, 4}, []int{1}, nil, []int{4, 5}, []int{0}, nil),
	general("transposed-both", []int{4, 3}, []int{0}, nil, []int{5, 4}, []int{1}, nil),
	general("negative-axes", []int{3, 4}, []int{-1}, nil, []int{4, 5}, []int{-2}, nil),
	general("outer-product", []int{3}, nil, nil, []int{4}, nil, nil),
	general("outer-product-matrices", []int{3, 2}, nil, nil, []int{4, 5}, nil, nil),
	general("vector-dot", []int{6}, []int{0}, nil, []int{6}, []int{0}, nil),
	general("full-contraction-reversed-pairs", []int{3, 4}, []int{0, 1}, nil, []int{4, 3}, []int{1, 0}, nil),
	general("two-contracting-shuffled", []int{3, 4, 5}, []int{2, 0}, nil, []int{5, 6, 3}, []int{0, 2}, nil),
	general("several-cross-both-sides", []int{3, 2, 4}, []int{1}, nil, []int{5, 2, 6}, []int{1}, nil),
	general("one-batch", []int{2, 3, 4}, []int{2}, []int{0}, []int{2, 4, 5}, []int{1}, []int{0}),
	general("batch-not-first", []int{3, 2, 4}, []int{2}, []int{1}, []int{4, 5, 2}, []int{0}, []int{2}),
	general("two-batch-swapped", []int{2, 3, 4, 5}, []int{3}, []int{0, 1}, []int{5, 3, 2, 6}, []int{0}, []int{2, 1}),
	general("batch-and-two-contracting", []int{2, 3, 4, 5}, []int{3, 1}, []int{0}, []int{5, 2, 6, 3}, []int{0, 3}, []int{1}),
	general("no-lhs-cross", []int{2, 4}, []int{1}, []int{0}, []int{2, 4, 5}, []int{1}, []int{0}),
	general("no-rhs-cross", []int{2, 3, 4}, []int{2}, []int{0}, []int{4, 2}, []int{0}, []int{1}),
	general("no-cross", []int{2, 4}, []int{1}, []int{0}, []int{2, 4}, []int{1}, []int{0}),
	general("batch-only", []int{3, 4}, nil, []int{0, 1}, []int{4, 3}, nil, []int{1, 0}),
	general("batch-and-cross-no-contracting", []int{2, 3}, nil, []int{0}, []int{4, 2}, nil, []int{1}),
	einsum("nji,mi->nmj"),
	einsum("nkj,nmj->nmk"),
	einsum("noj,nmj->nmo"),
	einsum("nmk,nkj->nmj"),
	einsum("nmj,nji->nmi"),
	einsum("nmi,i->nm"),
	einsum("nmi,imk->nmk"),
	einsum("ba,bd->ad"),
	einsum("bd,ad->ba"),
}

// randomTensor is a float64 tensor with the given dimensions and values in
// [-1, 1), the same for the same seed.
func randomTensor(dims []int, seed uint64) *tensors.Tensor {
	size := 1
	for _, d := range dims {
		size *= d
	}
	rng := rand.New(rand.NewPCG(seed, 17))
	data := make([]float64, size)
	for i := range data {
		data[i] = 2*rng.Float64() - 1
	}
	return tensors.FromFlatDataAndDimensions(data, dims...)
}

// weights is a constant R shaped like x, the same for the same shape.
func weights(x *Node, seed uint64) *Node {
	return Const(x.Graph(), randomTensor(x.Shape().Dimensions, seed))
}

// loss is ReduceAllSum(out ⊙ R) for R a fixed random tensor: its gradient
// wrt out is R, so its gradients wrt the operands are VJPs of the
// DotGeneral with adjoint R.
func (c dotCase) loss(lhs, rhs *Node) *Node {
	out := c.build(lhs, rhs)
	return ReduceAllSum(Mul(out, weights(out, 99)))
}

func (c dotCase) inputs() (*tensors.Tensor, *tensors.Tensor) {
	return randomTensor(c.lhs, 1), randomTensor(c.rhs, 2)
}

// gradients computes the gradients of f wrt both operands with fn as the
// DotGeneral VJP.
func gradients(t *testing.T, b backends.Backend, fn VJP, f func(lhs, rhs *Node) *Node, lhs, rhs *tensors.Tensor) (gl, gr []float64) {
	t.Helper()
	using(fn, func() {
		outs := MustExecOnceN(b, func(l, r *Node) (*Node, *Node) {
			g := Gradient(f(l, r), l, r)
			return g[0], g[1]
		}, lhs, rhs)
		gl = flat(t, outs[0])
		gr = flat(t, outs[1])
	})
	return gl, gr
}

func flat(t *testing.T, x *tensors.Tensor) []float64 {
	t.Helper()
	v, err := tensors.CopyFlatData[float64](x)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// noFallback fails the test when the package fell back to GoMLX's VJP
// while f ran (it could not read a node's axes).
func noFallback(t *testing.T, f func()) {
	t.Helper()
	before := dotvjp.Fallbacks()
	f()
	if n := dotvjp.Fallbacks() - before; n != 0 {
		t.Fatalf("%d DotGeneral gradients fell back to GoMLX's VJP", n)
	}
}

// TestMatchesGoMLX: the new VJP gives GoMLX's gradients, to summation
// order, for every configuration.
func TestMatchesGoMLX(t *testing.T) {
	b := backendtest.Backend(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			wantL, wantR := gradients(t, b, gomlxVJP, c.loss, lhs, rhs)
			var gotL, gotR []float64
			noFallback(t, func() { gotL, gotR = gradients(t, b, dotvjp.New, c.loss, lhs, rhs) })
			if d := numtest.RelDiff(gotL, wantL); d > 1e-12 {
				t.Errorf("gradient wrt lhs: relative difference %.3g from GoMLX's\n got %v\nwant %v", d, gotL, wantL)
			}
			if d := numtest.RelDiff(gotR, wantR); d > 1e-12 {
				t.Errorf("gradient wrt rhs: relative difference %.3g from GoMLX's\n got %v\nwant %v", d, gotR, wantR)
			}
		})
	}
}

// finiteDifferences is the central difference of f at (lhs, rhs) wrt every
// element of both operands.
func finiteDifferences(t *testing.T, b backends.Backend, f func(lhs, rhs *Node) *Node, lhs, rhs *tensors.Tensor, h float64) (gl, gr []float64) {
	t.Helper()
	exec := MustNewExec(b, f)
	l, r := flat(t, lhs), flat(t, rhs)
	eval := func(l, r []float64) float64 {
		out := exec.MustExec(tensors.FromFlatDataAndDimensions(l, lhs.Shape().Dimensions...),
			tensors.FromFlatDataAndDimensions(r, rhs.Shape().Dimensions...))
		return flat(t, out[0])[0]
	}
	diff := func(x []float64, at func() float64) []float64 {
		g := make([]float64, len(x))
		for i := range x {
			x0 := x[i]
			x[i] = x0 + h
			fp := at()
			x[i] = x0 - h
			fm := at()
			x[i] = x0
			g[i] = (fp - fm) / (2 * h)
		}
		return g
	}
	at := func() float64 { return eval(l, r) }
	return diff(l, at), diff(r, at)
}

// checkFD compares got with finite differences fd: |got - fd| <= tol (1 + |fd|).
func checkFD(t *testing.T, what string, got, fd []float64, tol float64) {
	t.Helper()
	for i := range fd {
		if math.Abs(got[i]-fd[i]) > tol*(1+math.Abs(fd[i])) {
			t.Errorf("%s[%d]: gradient %v, finite difference %v", what, i, got[i], fd[i])
		}
	}
}

func findCase(t *testing.T, name string) dotCase {
	for _, c := range cases {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return dotCase{}
}

// TestAgainstFiniteDifferences checks the new VJP against central
// differences of the loss (bilinear, so the differences are exact up to
// rounding).
func TestAgainstFiniteDifferences(t *testing.T) {
	b := backendtest.Backend(t)
	for _, name := range []string{"two-batch-swapped", "batch-and-two-contracting", "nkj,nmj->nmk", "nmi,imk->nmk", "full-contraction-reversed-pairs"} {
		c := findCase(t, name)
		t.Run(name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			var gl, gr []float64
			noFallback(t, func() { gl, gr = gradients(t, b, dotvjp.New, c.loss, lhs, rhs) })
			fl, fr := finiteDifferences(t, b, c.loss, lhs, rhs, 1e-4)
			checkFD(t, "lhs", gl, fl, 1e-9)
			checkFD(t, "rhs", gr, fr, 1e-9)
		})
	}
}

// secondOrder is a scalar function of the gradients of a non-linear
// function of DotGeneral: differentiating it differentiates the VJP.
func (c dotCase) secondOrder(lhs, rhs *Node) *Node {
	inner := func(l, r *Node) *Node {
		out := c.build(l, r)
		return ReduceAllSum(Mul(Tanh(out), weights(out, 7)))
	}
	g := Gradient(inner(lhs, rhs), lhs, rhs)
	return Add(ReduceAllSum(Square(g[0])), ReduceAllSum(Mul(Sin(g[1]), weights(g[1], 8))))
}

// TestSecondOrder: gradients of a function of gradients through
// DotGeneral agree with GoMLX's VJP and with finite differences.
func TestSecondOrder(t *testing.T) {
	b := backendtest.Backend(t)
	for _, name := range []string{"matmul", "two-batch-swapped", "batch-and-two-contracting", "nkj,nmj->nmk", "nji,mi->nmj", "nmi,i->nm"} {
		c := findCase(t, name)
		t.Run(name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			wantL, wantR := gradients(t, b, gomlxVJP, c.secondOrder, lhs, rhs)
			var gl, gr, fl, fr []float64
			noFallback(t, func() {
				gl, gr = gradients(t, b, dotvjp.New, c.secondOrder, lhs, rhs)
				using(dotvjp.New, func() { fl, fr = finiteDifferences(t, b, c.secondOrder, lhs, rhs, 1e-5) })
			})
			if d := numtest.RelDiff(gl, wantL); d > 1e-11 {
				t.Errorf("second order, lhs: relative difference %.3g from GoMLX's", d)
			}
			if d := numtest.RelDiff(gr, wantR); d > 1e-11 {
				t.Errorf("second order, rhs: relative difference %.3g from GoMLX's", d)
			}
			checkFD(t, "lhs", gl, fl, 1e-6)
			checkFD(t, "rhs", gr, fr, 1e-6)
		})
	}
}

// TestSameOperandTwice: both gradients of DotGeneral(x, x) accumulate into
// x's.
func TestSameOperandTwice(t *testing.T) {
	b := backendtest.Backend(t)
	x := randomTensor([]int{3, 4}, 5)
	grad := func(fn VJP) (g []float64) {
		using(fn, func() {
			g = flat(t, MustExecOnce(b, func(x *Node) *Node {
				out := Einsum("ij,kj->ik", x, x)
				return Gradient(ReduceAllSum(Mul(out, weights(out, 3))), x)[0]
			}, x))
		})
		return g
	}
	want := grad(gomlxVJP)
	var got []float64
	noFallback(t, func() { got = grad(dotvjp.New) })
	if d := numtest.RelDiff(got, want); d > 1e-12 {
		t.Fatalf("relative difference %.3g from GoMLX's", d)
	}
}

// TestAliasedNode: a node alias (printed before the description) does not
// stop the axes from being read, whatever it contains.
func TestAliasedNode(t *testing.T) {
	b := backendtest.Backend(t)
	c := findCase(t, "batch-and-two-contracting")
	lhs, rhs := c.inputs()
	f := func(l, r *Node) *Node {
		out := c.build(l, r).WithAlias(`/DotGeneral(lhs=[#0], "odd" alias)`)
		return ReduceAllSum(Mul(out, weights(out, 99)))
	}
	wantL, wantR := gradients(t, b, gomlxVJP, c.loss, lhs, rhs)
	var gotL, gotR []float64
	noFallback(t, func() { gotL, gotR = gradients(t, b, dotvjp.New, f, lhs, rhs) })
	if numtest.RelDiff(gotL, wantL) > 1e-12 || numtest.RelDiff(gotR, wantR) > 1e-12 {
		t.Fatal("gradients of an aliased DotGeneral differ from GoMLX's")
	}
}

// TestRegisterIsIdempotentAndInstalls: after (repeated) Register, the
// gradient of a matrix product wrt its left operand is a DotGeneral node
// (GoMLX's own VJP ends in a reduction or a transpose).
func TestRegisterIsIdempotentAndInstalls(t *testing.T) {
	dotvjp.Register()
	dotvjp.Register()
	if dotvjp.Original() == nil {
		t.Fatal("Register did not save GoMLX's VJP")
	}
	b := backendtest.Backend(t)
	var kinds []NodeType
	noFallback(t, func() {
		MustExecOnce(b, func(x, y *Node) *Node {
			out := DotGeneral(x, []int{1}, nil, y, []int{0}, nil)
			g := Gradient(ReduceAllSum(Mul(out, weights(out, 1))), x, y)
			kinds = []NodeType{g[0].Type(), g[1].Type()}
			return Add(ReduceAllSum(g[0]), ReduceAllSum(g[1]))
		}, randomTensor([]int{3, 4}, 1), randomTensor([]int{4, 5}, 2))
	})
	for i, k := range kinds {
		if k != NodeTypeDotGeneral {
			t.Errorf("gradient %d is a %s node, want DotGeneral", i, k)
		}
	}
}
