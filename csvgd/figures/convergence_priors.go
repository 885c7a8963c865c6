package figures

import "github.com/csvgd/csvgd-go/csvgd/train"

// ConvergencePriors is the paper's Fig. convergence_priors (Sec. 5.5):
// runs at several prior orders alpha, labelled in the legend by labels[i]
// ("α = 0.5"). Like the other convergence figures, [ConvergenceEnsemble]
// and [ConvergenceNoise], it draws the runs in two panels against the
// iteration of their history records ([train.Result].History):
//
//	(a) accuracy: the push-forward W1 sum on the test set
//	    ([train.Record].W1Sum, solid) and its part over the test points
//	    inside the training range, |delta| <= 0.2 ([train.Record].W1InRange,
//	    dashed, in the same colour: beyond the range the networks
//	    extrapolate, and the whole path's sum mostly measures that), both
//	    lower for a better ensemble, on a log axis when the values span
//	    more than a decade (the W1 of an untrained ensemble dwarfs that of a
//	    trained one), else on a linear axis from 0;
//	(b) sparsity: the mean count of active weights per particle (|w| >=
//	    the threshold; solid) and the size of the record's template, what
//	    each iteration computes (dashed, in the same colour, as steps: a
//	    record's template holds since the previous record; the runs'
//	    steps shifted a few iterations apart, so that equal sizes stay visible), on a log axis
//	    from a factor 2 below the smallest count to 2 above the largest,
//	    with the initial parameter count (1020 for the paper's network)
//	    marked by a grey line. A count of 0 is drawn at the bottom.
//
// The runs are coloured along viridis in their order, dark first. The
// figure reports an error when there are no runs or not one label per
// run, when a run has no history, when a value is not finite or is
// negative, when a record's template is not a valid network, or when the
// runs started from networks of different sizes.
func ConvergencePriors(labels []string, runs []train.Result) *Figure {
	return convergenceHistory("convergence_priors", labels, runs)
}
