package figures

import "github.com/csvgd/csvgd-go/csvgd/train"

// ConvergenceNoise is the paper's Fig. convergence_noise (Sec. 5.5): runs
// on data of several noise levels, labelled in the legend by labels[i]
// ("10% noise"), their accuracy (the push-forward W1 sum) and sparsity (the
// mean count of active weights per particle and the template's size)
// against the iteration, drawn as [ConvergencePriors] describes.
func ConvergenceNoise(labels []string, runs []train.Result) *Figure {
	return convergenceHistory("convergence_noise", labels, runs)
}
