package figures

import "github.com/csvgd/csvgd-go/csvgd/train"

// ConvergenceEnsemble is the paper's Fig. convergence_ensemble (Sec. 5.5):
// runs with several ensemble sizes, labelled in the legend by labels[i] ("N
// = 20"), their accuracy (the push-forward W1 sum) and sparsity (the mean
// count of active weights per particle and the template's size) against the
// iteration, drawn as [ConvergencePriors] describes.
func ConvergenceEnsemble(labels []string, runs []train.Result) *Figure {
	return convergenceHistory("convergence_ensemble", labels, runs)
}
