package condense

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// randomArch is 3 inputs, 1 to 3 hidden layers of 1 to maxWidth nodes and
// one output.
func randomArch(rng *rand.Rand, maxWidth int) icnn.Arch {
	w := []int{3}
	for range 1 + rng.IntN(3) {
		w = append(w, 1+rng.IntN(maxWidth))
	}
	return icnn.Arch{Widths: append(w, 1)}
}

// randomParticles draws n particles as icnn.Arch.Init does.
func randomParticles(arch icnn.Arch, n int, rng *rand.Rand) [][]float64 {
	return arch.Init(n, rng).Rows()
}

// kinematics draws n deformations F = I + U(-delta, delta)^9.
func kinematics(t testing.TB, n int, delta float64, seed uint64) []hyperelastic.Kinematics {
	t.Helper()
	ks, err := hyperelastic.RandomKinematics(n, delta, rand.New(rand.NewPCG(seed, 17)))
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

// weight is a pointer to W_k[r][c] of theta.
func weight(arch icnn.Arch, theta []float64, k, r, c int) *float64 {
	l := arch.Layers()[k]
	return &theta[l.Offset+r*l.Cols+c]
}

// randomPerm draws a permutation of every hidden layer of arch.
func randomPerm(arch icnn.Arch, rng *rand.Rand) [][]int {
	perm := make([][]int, len(arch.Widths))
	for k := 1; k+1 < len(arch.Widths); k++ {
		perm[k] = rng.Perm(arch.Widths[k])
	}
	return perm
}

// expand lays condensed particle a back into the original layout (the
// inverse of Remap where it is defined; 0 elsewhere): the same network as
// r.Particles[a], in r.From's widths.
func expand(r Result, a int) []float64 {
	out := make([]float64, r.From.NumParams())
	for i, s := range r.Maps[a].Source {
		if s >= 0 {
			out[s] = r.Particles[a][i]
		}
	}
	return out
}

// pathLive is an independent reference for the node pruning: with
// keepConstant false a hidden node survives if and only if it lies on a path
// of non-zero edges from an input to the output; with keepConstant, if it
// has such a path to the output.
func pathLive(arch icnn.Arch, theta []float64, eps float64, keepConstant bool) [][]bool {
	ls := arch.Layers()
	n := len(arch.Widths)
	fwd, bwd := make([][]bool, n), make([][]bool, n)
	for k, w := range arch.Widths {
		fwd[k], bwd[k] = make([]bool, w), make([]bool, w)
	}
	for j := range fwd[0] {
		fwd[0][j] = true
	}
	for k, l := range ls {
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				if fwd[k][c] && present(theta[l.Offset+r*l.Cols+c], eps) {
					fwd[k+1][r] = true
				}
			}
		}
	}
	bwd[n-1][0] = true
	for k := len(ls) - 1; k >= 0; k-- {
		l := ls[k]
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				if bwd[k+1][r] && present(theta[l.Offset+r*l.Cols+c], eps) {
					bwd[k][c] = true
				}
			}
		}
	}
	live := make([][]bool, n)
	for k := range live {
		live[k] = make([]bool, arch.Widths[k])
		for j := range live[k] {
			live[k][j] = bwd[k][j] && (keepConstant || fwd[k][j])
		}
	}
	return live
}

// response is the potential and stress of theta at every deformation.
func response(arch icnn.Arch, theta []float64, ks []hyperelastic.Kinematics) (psi []float64, s []hyperelastic.Stress) {
	for _, k := range ks {
		psi = append(psi, arch.HostPotential(theta, k))
		s = append(s, arch.HostStress(theta, k))
	}
	return psi, s
}

// assertSameResponse fails when two networks' potentials or stresses
// differ by more than tol relative to (1 + the size of the stress).
func assertSameResponse(t testing.TB, what string, a icnn.Arch, x []float64, b icnn.Arch, y []float64, ks []hyperelastic.Kinematics, tol float64) {
	t.Helper()
	px, sx := response(a, x, ks)
	py, sy := response(b, y, ks)
	for m := range ks {
		if d := math.Abs(px[m] - py[m]); d > tol*(1+math.Abs(px[m])) {
			t.Errorf("%s: point %d: Psi %v and %v differ by %g", what, m, px[m], py[m], d)
		}
		for v := range 6 {
			if d := math.Abs(sx[m][v] - sy[m][v]); d > tol*(1+math.Abs(sx[m][v])) {
				t.Errorf("%s: point %d: S[%d] %v and %v differ by %g", what, m, v, sx[m][v], sy[m][v], d)
			}
		}
	}
}

// cutOutgoing zeroes the outgoing weights of node j of hidden layer k.
func cutOutgoing(arch icnn.Arch, theta []float64, k, j int) {
	for r := 0; r < arch.Widths[k+1]; r++ {
		*weight(arch, theta, k, r, j) = 0
	}
}

// cutIncoming zeroes the incoming weights of node j of hidden layer k.
func cutIncoming(arch icnn.Arch, theta []float64, k, j int) {
	for c := 0; c < arch.Widths[k-1]; c++ {
		*weight(arch, theta, k-1, j, c) = 0
	}
}
