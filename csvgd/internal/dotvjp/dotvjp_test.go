package dotvjp_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/internal/dotvjp"
	"github.com/gomlx/compute"
	"github.com/gomlx/compute/dtypes"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
	"github.com/gomlx/gomlx/support/exceptions"
)

// gomlxVJP is GoMLX's own DotGeneral VJP, saved before anything registers
// this package's (backend.New does, through backendtest). It is no oracle:
// TestGoMLXGradientDefect shows where it is wrong.
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
	general("two-contracting-shuffled-square", []int{3, 4, 3}, []int{2, 0}, nil, []int{3, 6, 3}, []int{0, 2}, nil),
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
func gradients(t *testing.T, b compute.Backend, fn VJP, f func(lhs, rhs *Node) *Node, lhs, rhs *tensors.Tensor) (gl, gr []float64) {
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
// while f ran (it could not read a node's axes), or built no gradient at
// all (another rule was installed).
func noFallback(t *testing.T, f func()) {
	t.Helper()
	fallbacks, uses := dotvjp.Fallbacks(), dotvjp.Uses()
	f()
	if n := dotvjp.Fallbacks() - fallbacks; n != 0 {
		t.Fatalf("%d DotGeneral gradients fell back to GoMLX's VJP", n)
	}
	if dotvjp.Uses() == uses {
		t.Fatal("no DotGeneral gradient was built by this package")
	}
}

// exactGradients are the gradients of c.loss, computed without any VJP:
// the loss is linear in each operand, so its derivative wrt element i of
// lhs is the loss at (e_i, rhs), e_i the i-th unit tensor (and likewise
// for rhs). Exact up to the rounding of one forward pass.
func exactGradients(t *testing.T, b compute.Backend, c dotCase, lhs, rhs *tensors.Tensor) (gl, gr []float64) {
	t.Helper()
	exec := MustNewExec(b, c.loss)
	l, r := flat(t, lhs), flat(t, rhs)
	at := func(l, r []float64) float64 {
		out := exec.MustExec(tensors.FromFlatDataAndDimensions(l, c.lhs...), tensors.FromFlatDataAndDimensions(r, c.rhs...))
		return flat(t, out[0])[0]
	}
	unit := func(n, i int) []float64 {
		e := make([]float64, n)
		e[i] = 1
		return e
	}
	gl, gr = make([]float64, len(l)), make([]float64, len(r))
	for i := range gl {
		gl[i] = at(unit(len(l), i), r)
	}
	for i := range gr {
		gr[i] = at(l, unit(len(r), i))
	}
	return gl, gr
}

// TestAgainstExactGradients: the new VJP gives the exact gradients of a
// bilinear loss, to rounding, for every configuration of axes.
func TestAgainstExactGradients(t *testing.T) {
	b := backendtest.Backend(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			wantL, wantR := exactGradients(t, b, c, lhs, rhs)
			var gotL, gotR []float64
			noFallback(t, func() { gotL, gotR = gradients(t, b, dotvjp.New, c.loss, lhs, rhs) })
			if d := numtest.RelDiff(gotL, wantL); d > 1e-12 {
				t.Errorf("gradient wrt lhs: relative difference %.3g from the exact one\n got %v\nwant %v", d, gotL, wantL)
			}
			if d := numtest.RelDiff(gotR, wantR); d > 1e-12 {
				t.Errorf("gradient wrt rhs: relative difference %.3g from the exact one\n got %v\nwant %v", d, gotR, wantR)
			}
		})
	}
}

// TestGoMLXGradientDefect documents why this package is installed: GoMLX's
// own DotGeneral gradient (v0.28.2) lays out the result wrongly when two
// contracting axes are paired in different orders on the two sides. With
// distinct dimensions that is a shape error when the graph is built; with
// equal ones, silently wrong numbers. The test fails when GoMLX gets these
// right: then its rule may serve again (the package documentation says why
// this one is installed).
func TestGoMLXGradientDefect(t *testing.T) {
	b := backendtest.Backend(t)
	for _, name := range []string{"two-contracting-shuffled", "two-contracting-shuffled-square", "batch-and-two-contracting"} {
		c := findCase(t, name)
		t.Run(name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			wantL, wantR := exactGradients(t, b, c, lhs, rhs)
			var gotL, gotR []float64
			if err := exceptions.TryCatch[error](func() { gotL, gotR = gradients(t, b, gomlxVJP, c.loss, lhs, rhs) }); err != nil {
				t.Logf("GoMLX's gradient fails to build: %.200s...", err)
				return
			}
			dl, dr := numtest.RelDiff(gotL, wantL), numtest.RelDiff(gotR, wantR)
			if dl <= 1e-12 && dr <= 1e-12 {
				t.Fatal("GoMLX's own DotGeneral gradient is now right for this layout: the defect this package works around is fixed")
			}
			t.Logf("GoMLX's gradient is wrong: relative differences %.3g (lhs), %.3g (rhs)", dl, dr)
		})
	}
}

// finiteDifferences is the central difference of f at (lhs, rhs) wrt every
// element of both operands.
func finiteDifferences(t *testing.T, b compute.Backend, f func(lhs, rhs *Node) *Node, lhs, rhs *tensors.Tensor, h float64) (gl, gr []float64) {
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
// DotGeneral agree with finite differences.
func TestSecondOrder(t *testing.T) {
	b := backendtest.Backend(t)
	for _, name := range []string{"matmul", "two-batch-swapped", "batch-and-two-contracting", "two-contracting-shuffled-square", "nkj,nmj->nmk", "nji,mi->nmj", "nmi,i->nm"} {
		c := findCase(t, name)
		t.Run(name, func(t *testing.T) {
			lhs, rhs := c.inputs()
			var gl, gr, fl, fr []float64
			noFallback(t, func() {
				gl, gr = gradients(t, b, dotvjp.New, c.secondOrder, lhs, rhs)
				using(dotvjp.New, func() { fl, fr = finiteDifferences(t, b, c.secondOrder, lhs, rhs, 1e-5) })
			})
			checkFD(t, "lhs", gl, fl, 1e-6)
			checkFD(t, "rhs", gr, fr, 1e-6)
		})
	}
}

// TestSameOperandTwice: both gradients of DotGeneral(x, x) accumulate into
// x's. For L = Σ R ⊙ (x xᵀ) the gradient is (R + Rᵀ) x.
func TestSameOperandTwice(t *testing.T) {
	b := backendtest.Backend(t)
	x := randomTensor([]int{3, 4}, 5)
	r := randomTensor([]int{3, 3}, 3)
	var got []float64
	noFallback(t, func() {
		using(dotvjp.New, func() {
			got = flat(t, MustExecOnce(b, func(x, r *Node) *Node {
				out := Einsum("ij,kj->ik", x, x)
				return Gradient(ReduceAllSum(Mul(out, r)), x)[0]
			}, x, r))
		})
	})
	xv, rv := flat(t, x), flat(t, r)
	want := make([]float64, len(xv))
	for i := 0; i < 3; i++ {
		for j := 0; j < 4; j++ {
			for k := 0; k < 3; k++ {
				want[i*4+j] += (rv[i*3+k] + rv[k*3+i]) * xv[k*4+j]
			}
		}
	}
	if d := numtest.RelDiff(got, want); d > 1e-12 {
		t.Fatalf("relative difference %.3g from (R + Rᵀ) x\n got %v\nwant %v", d, got, want)
	}
}

// TestAliasedNode: a node alias (printed in the description) does not
// stop the axes from being read, whatever it contains.
func TestAliasedNode(t *testing.T) {
	b := backendtest.Backend(t)
	c := findCase(t, "batch-and-two-contracting")
	lhs, rhs := c.inputs()
	f := func(l, r *Node) *Node {
		out := c.build(l, r).WithAlias(`/DotGeneral(lhs=[#0], "odd" alias)`)
		return ReduceAllSum(Mul(out, weights(out, 99)))
	}
	wantL, wantR := exactGradients(t, b, c, lhs, rhs)
	var gotL, gotR []float64
	noFallback(t, func() { gotL, gotR = gradients(t, b, dotvjp.New, f, lhs, rhs) })
	if numtest.RelDiff(gotL, wantL) > 1e-12 || numtest.RelDiff(gotR, wantR) > 1e-12 {
		t.Fatal("gradients of an aliased DotGeneral differ from the exact ones")
	}
}

// TestRegisterIsIdempotentAndInstalls: after (repeated) Register, the
// registered DotGeneral gradient is this package's and graph.Gradient
// builds its gradients with it; Installed tells when another rule is in
// place.
func TestRegisterIsIdempotentAndInstalls(t *testing.T) {
	dotvjp.Register()
	dotvjp.Register()
	if dotvjp.Original() == nil {
		t.Fatal("Register did not save GoMLX's VJP")
	}
	if !dotvjp.Installed() {
		t.Fatal("Installed is false after Register")
	}
	using(gomlxVJP, func() {
		if dotvjp.Installed() {
			t.Error("Installed is true while GoMLX's own rule is registered")
		}
	})
	b := backendtest.Backend(t)
	noFallback(t, func() {
		MustExecOnce(b, func(x, y *Node) *Node {
			out := DotGeneral(x, []int{1}, nil, y, []int{0}, nil)
			return ReduceAllSum(Gradient(ReduceAllSum(Mul(out, weights(out, 1))), x)[0])
		}, randomTensor([]int{3, 4}, 1), randomTensor([]int{4, 5}, 2))
	})
}

// TestFallbackIsReported: a DotGeneral whose axes this package does not
// read (here: one with its own accumulator type) gets GoMLX's gradient,
// counted and reported on Warnings, not silently.
func TestFallbackIsReported(t *testing.T) {
	var warnings bytes.Buffer
	old := dotvjp.Warnings
	dotvjp.Warnings = &warnings
	defer func() { dotvjp.Warnings = old }()
	before := dotvjp.Fallbacks()
	b := backendtest.Backend(t)
	got := flat(t, MustExecOnce(b, func(x, y *Node) *Node {
		out := Dot(x, y).WithAccumulatorDType(dtypes.Float64).General([]int{1}, nil, []int{0}, nil)
		return Gradient(ReduceAllSum(out), x)[0]
	}, tensors.FromValue([][]float64{{1, 2}, {3, 4}}), tensors.FromValue([][]float64{{5, 6, 7}, {8, 9, 10}})))
	if n := dotvjp.Fallbacks() - before; n < 1 {
		t.Fatalf("Fallbacks rose by %d, want at least 1", n)
	}
	if want := []float64{18, 27, 18, 27}; numtest.RelDiff(got, want) > 1e-12 {
		t.Errorf("gradient %v, want %v", got, want)
	}
	if before == 0 && !strings.Contains(warnings.String(), "warning: the DotGeneral gradient of GoMLX is used") {
		t.Errorf("the first fallback was not reported: %q", warnings.String())
	}
}
