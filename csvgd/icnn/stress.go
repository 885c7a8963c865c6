package icnn

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Batch holds data points in the form the graphs need: the invariants, the
// stress basis, J and the target stresses. The network's inputs are made
// from the invariants by its [Arch.Inputs].
type Batch struct {
	I      [][]float64   // [M][3]: (I1, I2, I3)
	Basis  [][][]float64 // [3][M][6]: S = 2 sum_i Psi_i Basis[i] (Voigt)
	InvJ   []float64     // [M]: 1 / J
	JMinus []float64     // [M]: J - 1
	Target [][]float64   // [M][6]: the stresses to fit (noisy data)
}

// NewBatch prepares samples for the graphs. The basis is
// I, I1 I - C and I3 C^-1 (Voigt), so that
// S = 2 [Psi_1 I + Psi_2 (I1 I - C) + Psi_3 I3 C^-1].
func NewBatch(samples []hyperelastic.Sample) Batch {
	m := len(samples)
	b := Batch{I: make([][]float64, m), InvJ: make([]float64, m), JMinus: make([]float64, m), Target: make([][]float64, m)}
	b.Basis = [][][]float64{make([][]float64, m), make([][]float64, m), make([][]float64, m)}
	for i, s := range samples {
		k := s.Kinematics
		b.I[i] = []float64{k.I1, k.I2, k.I3}
		b.InvJ[i], b.JMinus[i] = 1/k.J, k.J-1
		b.Target[i] = s.S[:]
		id := hyperelastic.StressFromDerivatives(k, 0.5, 0, 0)
		i1 := hyperelastic.StressFromDerivatives(k, 0, 0.5, 0)
		i3 := hyperelastic.StressFromDerivatives(k, 0, 0, 0.5)
		b.Basis[0][i], b.Basis[1][i], b.Basis[2][i] = id[:], i1[:], i3[:]
	}
	return b
}

// Len is the number of points.
func (b Batch) Len() int { return len(b.I) }

// inputs returns the network inputs x of the points of b, [M][3].
func (a Arch) inputs(b Batch) [][]float64 {
	x := make([][]float64, len(b.I))
	for m, i := range b.I {
		x[m] = a.Inputs.Of(i[0], i[1], i[2])
	}
	return x
}

// reference is the network input at F = I as a [1, 3] constant.
func (a Arch) reference(theta *Node) *Node {
	return ConstAs(theta, [][]float64{a.Inputs.Reference()})
}

// RMS is the root mean square of the target stresses.
func (b Batch) RMS() float64 {
	var s float64
	for _, t := range b.Target {
		for _, v := range t {
			s += v * v
		}
	}
	return math.Sqrt(s / float64(6*len(b.Target)))
}

// derivatives returns Psi_i = dPsi/dI_i of the normalised potential for
// every particle and point, [N, M, 3], and n [N, 1]. (Written without
// slices: the gradient of a Slice is a Pad, which the pure-Go backend lacks.)
func (a Arch) derivatives(theta *Node, b Batch) (psi, n *Node) {
	_, d := a.Forward(theta, ConstAs(theta, a.inputs(b)))
	_, d0 := a.Forward(theta, a.reference(theta))
	// n = 2 (NN_1 + 2 NN_2 + NN_3) at the reference, [N, 1].
	n = MulScalar(Einsum("nmi,i->nm", d0, ConstAs(theta, []float64{1, 2, 1})), 2)
	// Psi_3 = NN_3 - n / (2 J): subtract n / (2 J) from the third component.
	corr := MulScalar(Mul(n, ExpandAxes(ConstAs(theta, b.InvJ), 0)), 0.5)               // [N, M]
	psi = Sub(d, Mul(ExpandAxes(corr, -1), ConstAs(theta, [][][]float64{{{0, 0, 1}}}))) // [N, M, 3]
	return psi, n
}

// Stress builds the second Piola-Kirchhoff stress of every particle at
// every point of b, [N, M, 6] (Voigt: 11, 22, 33, 23, 13, 12).
func (a Arch) Stress(theta *Node, b Batch) *Node {
	psi, _ := a.derivatives(theta, b)
	return MulScalar(Einsum("nmi,imk->nmk", psi, ConstAs(theta, b.Basis)), 2)
}

// Potential builds the normalised potential
// Psi = NN(x) - NN(x_ref) - n (J - 1) of every particle at every point, [N, M].
func (a Arch) Potential(theta *Node, b Batch) *Node {
	nn, _ := a.Forward(theta, ConstAs(theta, a.inputs(b)))
	nn0, _ := a.Forward(theta, a.reference(theta)) // [N, 1]
	_, n := a.derivatives(theta, b)
	return Sub(Sub(nn, nn0), Mul(n, ExpandAxes(ConstAs(theta, b.JMinus), 0)))
}

// LogLikelihood is the Gaussian log-likelihood of the stresses of b with
// noise scale sigma, -1/(2 sigma^2) sum_{m,k} (S_mk - S^data_mk)^2, for
// every particle: a [stein.LogLikelihood]. It is the paper's eq.
// (likelihood) as printed, a product over the M data points.
func (a Arch) LogLikelihood(b Batch, sigma float64) stein.LogLikelihood {
	return a.gaussian(b, 0.5/(sigma*sigma))
}

// MeanLogLikelihood is [Arch.LogLikelihood] divided by the number M of
// data points, -1/(2 sigma^2 M) sum_{m,k} (S_mk - S^data_mk)^2: the
// log-likelihood of one average observation, the mean squared error of
// the usual training loss scaled by 1/(2 sigma^2). With it the prior's
// lambda weighs against one data point rather than all of them, so the
// same lambda sparsifies alike whatever the size of the data set.
func (a Arch) MeanLogLikelihood(b Batch, sigma float64) stein.LogLikelihood {
	return a.gaussian(b, 0.5/(sigma*sigma)/float64(max(b.Len(), 1)))
}

// gaussian is -w sum_{m,k} (S_mk - S^data_mk)^2 for every particle.
func (a Arch) gaussian(b Batch, w float64) stein.LogLikelihood {
	return func(theta *Node) *Node {
		r := Sub(a.Stress(theta, b), ExpandAxes(ConstAs(theta, b.Target), 0))
		return MulScalar(ReduceSum(Square(r), 1, 2), -w)
	}
}
