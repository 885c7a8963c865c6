package study

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// Study is a figure or table of csvgd reproduce, by name, and the cached
// jobs it reads. Figures that read no cache (prior_family, mvn_gradient,
// mvn_particles and mvn_ksd compute in seconds) have none and are not
// listed.
type Study struct {
	Name string // the figure's name, or the table's (results, prior, alignment, exact-posterior)
	Part Part   // the part of the reproduction that makes it
	Jobs []runcache.Job
}

// NotebookStudy is the name of the study of the runs that the paper's
// notebooks read besides those of the figures and tables: the plain Stein
// flow of notebook 03 and of the scorecards, on the shifted inputs too
// (notebook 03), and the paper's bandwidth rule read literally (notebook
// 01). make reproduce computes them with
// the rest, several at a time, so that the notebooks read them from the
// cache.
const NotebookStudy = "notebooks"

// notebookNeeds are the runs of [NotebookStudy].
func (p Plan) notebookNeeds() needs {
	return needs{runs: []runcache.Spec{p.PlainSVGDRun(), p.ShiftedInputsRun(), p.LiteralBandwidthRun()}}
}

// Studies are the studies at the plan's size that read the cache, in the
// order of csvgd reproduce: the registry's figures, then its tables (a
// figure and a table of one name, such as alignment or variance_collapse,
// are one study), then the runs of the paper's notebooks
// ([NotebookStudy]).
func (p Plan) Studies() ([]Study, error) {
	b := jobBuilder{}
	var out []Study
	for _, e := range Entries() {
		if e.ReadsCache() && !slices.ContainsFunc(out, func(s Study) bool { return s.Name == e.Name }) {
			out = append(out, Study{e.Name, e.Part, b.jobs(e.needs(p))})
		}
	}
	out = append(out, Study{NotebookStudy, PaperPart, b.jobs(p.notebookNeeds())})
	return out, b.err
}

// Jobs are the jobs of the studies named (all when none is), each once,
// in the order to start them: the studies of Sec. 4 first, then the
// training runs from the most work to the least, then the NUTS runs,
// which need training runs. An unknown name is an error that lists the
// known ones.
func (p Plan) Jobs(names ...string) ([]runcache.Job, error) {
	studies, err := p.Studies()
	if err != nil {
		return nil, err
	}
	var known []string
	byName := map[string][]runcache.Job{}
	for _, st := range studies {
		known, byName[st.Name] = append(known, st.Name), st.Jobs
	}
	if len(names) == 0 {
		names = known
	}
	var jobs []runcache.Job
	for _, n := range names {
		js, ok := byName[n]
		if !ok {
			return nil, fmt.Errorf("unknown study %q (known: %s)", n, strings.Join(known, ", "))
		}
		jobs = append(jobs, js...)
	}
	return runcache.Schedule(jobs), nil
}

// PartStudies are the names of the studies of part, in the order of
// [Plan.Studies].
func (p Plan) PartStudies(part Part) ([]string, error) {
	studies, err := p.Studies()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, st := range studies {
		if st.Part == part {
			names = append(names, st.Name)
		}
	}
	return names, nil
}
