package regress

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/csvgd/csvgd-go/csvgd/dense"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Result is the outcome of [Fit]: the final ensemble on its template,
// the scalings that map it to the data's units, its stages and history,
// and its accuracy.
type Result struct {
	Config  Config
	Model   Model      // the final template's model
	Full    dense.Arch // the network the fit started from
	Inputs  []string   // the inputs' names
	Targets []string   // the targets' names
	// TrainPoints and DevPoints are the numbers of points the flow fitted
	// and of the development set's.
	TrainPoints, DevPoints int
	XScale                 tabular.Scaling
	YScale                 tabular.Scaling
	// Particles are the final particles, on the standardised scale: the
	// network's parameters, the log noise precisions and the log weight
	// precision ([Model]).
	Particles *stein.Ensemble
	Stages    []Stage
	History   []Record
	// Refitted is the number of particles whose noise precision the
	// development set replaced ([Fit]).
	Refitted int
	// Train and Test are the final ensemble's accuracy on the training
	// points (without the development set) and on the test points.
	Train, Test Metrics
	// ActiveWeights is the mean count per particle of weights and biases
	// with |w| >= Config.Threshold.
	ActiveWeights float64
	Iterations    int
	Seconds       float64 // wall time of the fit, from the initial particles to the evaluation
}

// Metrics are an ensemble's accuracy on a set of points, in the data's
// units: the RMSE of the ensemble mean and the mean log predictive
// density ([Predictive.RMSE], [Predictive.LL]).
type Metrics struct {
	RMSE float64 `json:"rmse"`
	LL   float64 `json:"ll"`
}

// Stage is one stage of the fit: its lambda, the template it ran on and
// its size (what each iteration computed), its pace, what its graph
// condensation left, and the ensemble at its end (after the condensation).
type Stage struct {
	Stage          int     `json:"stage"`
	Iterations     int     `json:"iterations"`
	Lambda         float64 `json:"lambda"`
	Widths         []int   `json:"widths"`
	TemplateParams int     `json:"template_params"` // weights and biases of the template
	MsPerIter      float64 `json:"ms_per_iter"`     // wall milliseconds per iteration of the steps, the history's records left out
	CondensedTo    []int   `json:"condensed_to,omitempty"`
	ActiveWeights  float64 `json:"active_weights"`
	TrainRMSE      float64 `json:"train_rmse"`
	ErrorRose      bool    `json:"error_rose,omitempty"`
}

// Record is the ensemble at one iteration of the history (Config.Every):
// its template, the prior's lambda, its active weights and its accuracy
// on the training and the test points (before the development set's
// refit of the noise, which only the end does).
type Record struct {
	Iter          int     `json:"iter"`
	Lambda        float64 `json:"lambda"`
	Widths        []int   `json:"widths"`
	ActiveWeights float64 `json:"active_weights"`
	TrainRMSE     float64 `json:"train_rmse"`
	TestRMSE      float64 `json:"test_rmse"`
	TestLL        float64 `json:"test_ll"`
}

// Predict is the final ensemble's predictive distribution at the inputs
// x ([point][input], the data's units).
func (r *Result) Predict(x [][]float64) Predictive { return r.Ensemble().Predict(x) }

// Evaluate is the final ensemble's accuracy on the points s.
func (r *Result) Evaluate(s tabular.Set) Metrics {
	p := r.Predict(s.X)
	return Metrics{RMSE: p.RMSE(s.Y), LL: p.LL(s.Y)}
}

// TemplateParams is the number of weights and biases of the final
// template, what each iteration of the last stage computed; FullParams
// that of the network the fit started from.
func (r *Result) TemplateParams() int { return r.Model.Arch.NumParams() }
func (r *Result) FullParams() int     { return r.Full.NumParams() }

// WriteStages writes the stages as an aligned text table, one line per
// stage: lambda (per training point), the template the stage ran on and
// its size, the template its condensation left ("–" without one), the
// active weights and training RMSE at its end, its milliseconds per
// iteration.
func WriteStages(w io.Writer, stages []Stage) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stage\tlambda\tran on\tparams\tcondensed to\tactive\ttrain RMSE\tms/iter\t")
	for _, s := range stages {
		fmt.Fprintf(tw, "%d\t%.4g\t%s\t%d\t%s\t%.1f\t%.4g\t%.2f\t\n", s.Stage, s.Lambda, train.FormatWidths(s.Widths), s.TemplateParams,
			train.FormatCondensedTo(s.CondensedTo), s.ActiveWeights, s.TrainRMSE, s.MsPerIter)
	}
	return tw.Flush()
}
