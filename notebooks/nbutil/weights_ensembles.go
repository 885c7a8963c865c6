package nbutil

import (
	"os"

	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// EnsembleEnv names the environment variable that gives notebook 07 a
// saved ensemble to explore (a file csvgd train -save wrote).
const EnsembleEnv = "CSVGD_ENSEMBLE"

// EnsembleFiles are the saved ensembles notebook 07 explores: the file
// that CSVGD_ENSEMBLE names, when it is set; none otherwise.
func EnsembleFiles() []string {
	if path := os.Getenv(EnsembleEnv); path != "" {
		return []string{path}
	}
	return nil
}

// CondensedRun is the final ensemble of the run spec of the studies,
// labelled label and condensed ([explore.Condensed]): read from the cache
// of [Store], or trained (and cached) when it is not there yet (see
// [Show] for why it panics on an error).
func CondensedRun(label string, spec runcache.Spec) weights.Networks {
	return Must(explore.Condensed(Must(explore.Result(Store(), label, spec))))
}

// ExploredEnsemble is the ensemble that sections 1-4 of notebook 07
// explore, condensed: the first of [EnsembleFiles] when CSVGD_ENSEMBLE is
// set, else the 20-particle cSVGD run behind the Sec. 5.4 figures
// (study.Plan.GraphRun: alpha = 0.5, lambda = 0.05).
func ExploredEnsemble() weights.Networks {
	if files := EnsembleFiles(); files != nil {
		return Must(explore.Condensed(Must(explore.LoadFile(files[0]))))
	}
	return CondensedRun("cSVGD, 20 particles, α = 0.5", Store().GraphRun())
}
