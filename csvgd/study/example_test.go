package study_test

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// The registry names every figure and table csvgd reproduce writes: here
// the paper's figures with their sections, and the tables with the
// documents whose generated blocks they fill.
func ExampleFigures() {
	for _, f := range study.PaperFigures() {
		fmt.Printf("%s (Sec. %s)\n", f.Name, f.Section)
	}
	for _, t := range study.Tables() {
		fmt.Printf("%s -> docs/%s\n", t.File, t.Doc)
	}
	// Output:
	// prior_family (Sec. 3)
	// mvn_gradient (Sec. 4)
	// mvn_survey (Sec. 4)
	// mvn_particles (Sec. 4)
	// graph_condense_sequence (Sec. 5.4)
	// graph_distance_evolution (Sec. 5.4)
	// weight_distributions (Sec. 5.4)
	// graph_condense_speedup (Sec. 5.4)
	// convergence_priors (Sec. 5.5)
	// convergence_ensemble (Sec. 5.5)
	// convergence_noise (Sec. 5.5)
	// noisy_pushforwards (Sec. 5.5)
	// adaptive_penalty (Sec. 5.6)
	// results.md -> docs/results.md
	// prior.md -> docs/reading.md
	// alignment.md -> docs/beyond.md
	// exact-posterior-mvn.md -> docs/exact-posterior.md
	// reference-agreement.md -> docs/exact-posterior.md
	// exact-posterior.md -> docs/exact-posterior.md
	// variance-collapse.md -> docs/beyond.md
	// newton.md -> docs/beyond.md
	// uci.md -> docs/own-data.md
	// uci-optimizer.md -> docs/own-data.md
}
