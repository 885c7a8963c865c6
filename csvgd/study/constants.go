package study

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// PaperConstant is a number the paper states, a setting of its experiments
// or a constant of its equations, or a number that follows from them by
// arithmetic alone, with where in the paper it is. Text (the notebooks'
// markdown, docs) may state these; every other number is a result and is
// printed by the code that computes it (internal/nbrun's markdown check
// holds the notebooks to that).
type PaperConstant struct {
	Value   float64
	Source  string // where in the paper, e.g. "Sec. 4, the likelihood's precision"
	Percent bool   // a fraction stated as a percentage (the noise levels: 10% for 0.1)
}

// PaperConstants are the paper's constants that the project uses, each
// read from the code that defines it (so that there is one definition),
// with its source in the paper.
func PaperConstants() []PaperConstant {
	var out []PaperConstant
	add := func(source string, vs ...float64) {
		for _, v := range vs {
			out = append(out, PaperConstant{Value: v, Source: source})
		}
	}
	target := mvn.PaperTarget()
	add("Sec. 4: the likelihood's mean μ", target.Mean...)
	r, c := target.Precision.Dims()
	for i := range r {
		for j := range c {
			add("Sec. 4: the likelihood's precision Σ⁻¹", target.Precision.At(i, j))
		}
	}
	survey := mvn.PaperSurvey(false)
	add("Sec. 4, Fig. mvn_survey: the prior orders α", survey.Alphas...)
	add("Sec. 4, Fig. mvn_survey: the kernel orders β", survey.Betas...)
	add("Sec. 4, Fig. mvn_particles: the multipliers λ", mvn.PaperParticles(false).Lambdas...)
	add("Sec. 4, Fig. mvn_gradient: λ = 1, γ = 1/10", 1, 0.1)
	truth := hyperelastic.PaperTruth()
	add("Sec. 5.2: the truth model's J_m and ϑ", truth.Jm, truth.Theta1, truth.Theta2, truth.Theta3)
	data := hyperelastic.PaperData(0.1, 1)
	add("Sec. 5.2: the training range δ = 0.2", data.Delta)
	add("Sec. 5.2: the test path's δ ∈ [-0.4, 0.4]", data.TestRange)
	add("Sec. 5.2: J = (1+δ)² at the ends of the printed test path", math.Pow(1-data.TestRange, 2), math.Pow(1+data.TestRange, 2))
	add("Sec. 5.4: the bandwidth rule's 1/2", 0.5)
	add("Sec. 5.4-5.5: the pruning threshold 10⁻³", stein.PaperThreshold)
	add("Sec. 5.5: the prior orders α", PaperAlphas...)
	add("Sec. 5.5: the final active weights by α", PaperActiveWeights...)
	add("Sec. 5.5: the parameters of the sequential method", float64(PaperSequentialParams))
	add("Sec. 5.5: the active parameters of cSVGD beside the sequential method", float64(PaperCondensedParams))
	for _, n := range PaperEnsembleSizes {
		add("Sec. 5.5: the ensemble sizes N_r", float64(n))
	}
	for _, v := range PaperNoiseLevels {
		out = append(out, PaperConstant{Value: v, Source: "Sec. 5.5, Figs. convergence_noise, noisy_pushforwards: the noise levels ς", Percent: true})
	}
	add("Sec. 5.6: the penalties λ (0.01 also the adaptive schedule's start)", PaperPenalties...)
	return out
}

// String formats the constant with its source.
func (c PaperConstant) String() string {
	if c.Percent {
		return fmt.Sprintf("%g%% (%s)", 100*c.Value, c.Source)
	}
	return fmt.Sprintf("%g (%s)", c.Value, c.Source)
}
