package study

import (
	"fmt"
	"io"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Studies beyond the paper: node alignment by linear assignment against
// the importance sort (the paper's Sec. 5.4 ends: "there are likely better
// metrics to sort and align the parameterizations"), and the kernel Stein
// discrepancy as a convergence diagnostic.

// AlignmentSizes are the ensemble sizes of the alignment study.
var AlignmentSizes = []int{10, 20}

// AlignmentRuns are the runs of the alignment study: cSVGD at alpha =
// 0.5, lambda = 0.05 on the 10% noise data with AlignmentSizes[i]
// particles, importance[i] with the nodes sorted by importance at each
// condensation (the paper's method: the alpha = 0.5 run of
// Fig. convergence_priors and GraphRun, shared with those figures) and
// assignment[i] the same run with every condensation followed by
// matching to the medoid by linear assignment (train.Config.Align).
func (p Plan) AlignmentRuns() (importance, assignment []runcache.Spec) {
	with, _ := p.SpeedupRuns()
	importance = []runcache.Spec{with[1], p.GraphRun()}
	for i, s := range importance {
		a := s
		a.Label = fmt.Sprintf("cSVGD, %d particles, alpha = 0.5, aligned by assignment", AlignmentSizes[i])
		a.Config.Align = condense.ByAssignment
		assignment = append(assignment, a)
	}
	return importance, assignment
}

// AlignmentRow is one row of [AlignmentTable]: a final ensemble and what
// the alignment study measures on it.
type AlignmentRow struct {
	Particles    int
	Alignment    string  // how the nodes were ordered
	MeanDistance float64 // mean of eq. (distances) over the pairs of final particles
	Final
	Modality []metrics.LayerModality // per weight matrix, then all
}

// AlignmentRows measures the alignment study: for each ensemble size the
// run sorted by importance, the same final ensemble aligned by assignment
// afterwards (to the medoid; the networks, hence W1, template and active
// weights, are those of the importance run) and the run aligned by
// assignment at every condensation.
func AlignmentRows(s *Store) ([]AlignmentRow, error) {
	importance, assignment := s.AlignmentRuns()
	var rows []AlignmentRow
	for i, n := range AlignmentSizes {
		imp, err := s.Result(importance[i])
		if err != nil {
			return nil, err
		}
		asg, err := s.Result(assignment[i])
		if err != nil {
			return nil, err
		}
		post, _, err := condense.AlignParticles(imp.Arch, imp.Particles.Rows(), condense.AlignOptions{})
		if err != nil {
			return nil, err
		}
		for _, r := range []struct {
			how       string
			res       *train.Result
			particles [][]float64
		}{
			{"importance", imp, imp.Particles.Rows()},
			{"importance, then assignment after training", imp, post},
			{"assignment at every condensation", asg, asg.Particles.Rows()},
		} {
			row, err := alignmentRow(n, r.how, r.res, r.particles)
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// alignmentRow is the row of the run res of n particles whose final
// particles, in the node order how, are particles.
func alignmentRow(n int, how string, res *train.Result, particles [][]float64) (AlignmentRow, error) {
	mod, err := metrics.Modality(res.Arch, particles)
	if err != nil {
		return AlignmentRow{}, err
	}
	return AlignmentRow{Particles: n, Alignment: how, MeanDistance: metrics.MeanDistance(particles), Final: FinalOf(res), Modality: mod}, nil
}

// AlignmentTable writes [AlignmentRows] as Markdown, with the share of
// normal samples the unimodality rule calls unimodal as the yardstick.
func AlignmentTable(w io.Writer, s *Store) error {
	rows, err := AlignmentRows(s)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| particles | node order | mean distance | template parameters | active weights | W1 sum (in training range) | unimodal entries: W₀, W₁, W₂, all |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, r := range rows {
		cells := ""
		for i, m := range r.Modality {
			if i > 0 {
				cells += ", "
			}
			cells += fmt.Sprintf("%d/%d", m.Unimodal, m.Drawn)
		}
		all := r.Modality[len(r.Modality)-1]
		fmt.Fprintf(w, "| %d | %s | %.2f | %d | %.1f | %.1f (%.1f) | %s (%.0f%%) |\n", r.Particles, r.Alignment, r.MeanDistance,
			r.Template, r.Active, r.W1, r.W1In, cells, 100*all.Share())
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "Yardstick: of independent normal samples, the unimodality rule calls unimodal")
	for i, n := range AlignmentSizes {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(w, "%s %.0f%% at %d values", sep, 100*metrics.NormalUnimodalRate(n, 2000, 1), n)
	}
	fmt.Fprintln(w, ".")
	return nil
}

// Alignment makes the figure "alignment" from AlignmentRuns.
func Alignment(s *Store) (*figures.Figure, error) {
	importance, assignment := s.AlignmentRuns()
	var runs []figures.AlignedRun
	for i, n := range AlignmentSizes {
		for _, spec := range []runcache.Spec{importance[i], assignment[i]} {
			res, err := s.Result(spec)
			if err != nil {
				return nil, err
			}
			how := "importance"
			if spec.Config.Align != "" {
				how = "assignment"
			}
			runs = append(runs, figures.AlignedRun{Label: fmt.Sprintf("%d particles, %s", n, how), Arch: res.Arch,
				Particles: res.Particles.Rows(), History: res.History, Group: i, Assignment: how == "assignment"})
		}
	}
	return figures.Alignment(runs), nil
}

// KSDConvergence makes the figure "ksd_convergence": the kernel Stein
// discrepancy beside the W1 sum over the iterations of the runs of Fig.
// convergence_priors (cSVGD for each alpha of PaperAlphas).
func KSDConvergence(s *Store) (*figures.Figure, error) {
	res, err := s.All(s.ConvergencePriorsRuns())
	if err != nil {
		return nil, err
	}
	labels := make([]string, len(res))
	for i := range labels {
		labels[i] = fmt.Sprintf("α = %g", PaperAlphas[i])
	}
	return figures.KSDConvergence(labels, deref(res)), nil
}
