package train

// Record is the state of the ensemble at one iteration of the history
// (Config.Every): the training error of the ensemble mean,
//
//	RMSE = sqrt( 1/(6M) sum_m sum_k (1/N sum_a S_k(x_m; theta_a) - S_mk)^2 ),
//
// over the M training points and six stress components, the push-forward
// W1 of Sec. 5.3 ([metrics.PushForward]) summed over the test points and
// components, the active weights, the kernel's health, the KSD and the
// distances of eq. (distances) between the N particles.
type Record struct {
	Iter          int         `json:"iter"`
	TrainRMSE     float64     `json:"train_rmse"`             // RMS error of the ensemble-mean stress on the training data
	W1Sum         float64     `json:"w1_sum"`                 // push-forward W1 summed over test points and components
	W1InRange     float64     `json:"w1_sum_in_range"`        // its part over the test points inside the training range ([InRangeW1])
	ActiveWeights float64     `json:"active_weights"`         // mean count per particle of |w| >= threshold
	KernelMedian  float64     `json:"kernel_median"`          // median over particle pairs of the kernel value at the configured bandwidth ([stein.KernelMedian])
	KernelGroups  int         `json:"kernel_groups"`          // groups of particles that the kernel decouples from each other ([stein.KernelGroups]); 1: all interact
	KSD           float64     `json:"ksd"`                    // kernel Stein discrepancy to the stage's posterior (IMQ kernel)
	Distances     [][]float64 `json:"distances"`              // eq. (distances), N x N
	Widths        []int       `json:"widths"`                 // the template at this iteration
	Condensation  Phase       `json:"condensation,omitempty"` // at the end of a csvgd stage: Before or After its graph condensation
	Particles     [][]float64 `json:"particles,omitempty"`    // a copy of the particles when Config.Keep
}

// Phase is where a history record stands against the graph condensation
// (Alg. graph_condense) that ends a csvgd stage. A csvgd run records the
// end of every stage twice, at the same iteration: before its
// condensation and after it, so that the history shows what condensation
// did. In JSON a phase is its name, omitted for [NoCondensation].
type Phase string

// The phases of [Record].Condensation.
const (
	// NoCondensation is a record at an iteration that no condensation
	// ends: the start, an interval of the history inside a stage, the end
	// of an svgd run. The zero value.
	NoCondensation Phase = ""
	// Before is the ensemble at the end of a stage, before its
	// condensation, on the template the stage ran on.
	Before Phase = "before"
	// After is the same ensemble after the condensation, on the new
	// template.
	After Phase = "after"
)
