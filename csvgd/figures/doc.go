// Package figures draws the figures of the paper's Secs. 3 to 5 with
// gonum/plot: one function per figure, named after the paper's figure
// label, each returning a [Figure] that renders to PNG or SVG.
//
//	PriorFamily     fig. prior_family   log posteriors of a Gaussian likelihood and the alpha prior
//	MVNGradient     fig. mvn_gradient   Stein direction and pseudopotential of two particles, no data
//	MVNSurvey       fig. mvn_survey     error and sparsity against lambda, per (alpha, beta), by gamma
//	MVNParticles    fig. mvn_particles  converged particles at lambda = 0.1 and 1.0, by gamma
//
// for Sec. 5,
//
//	W1Curve           a panel of fig. noisy_pushforwards: push-forward W1 over F11
//
// for Sec. 5.4 (graph condensation), from a train.Run history (particles
// are numbered from 1 in the figures, as in the paper; the functions take
// 0-based indices):
//
//	GraphSequence        fig. graph_condense_sequence   particles' graphs over the iterations
//	DistanceEvolution    fig. graph_distance_evolution  inter-particle distance matrices over the iterations
//	WeightDistributions  fig. weight_distributions      KDEs of the entries of W0, W1, W2 across particles
//	CondenseSpeedup      fig. graph_condense_speedup    W1 and parameter count vs alpha, with and without condensation
//
// the views of the weight explorer (package explore, notebook 07, csvgd
// explore), not in the paper, from an [Ensemble]:
//
//	TemplateGraph  the condensed template, nodes by mean importance, edges by mean |w|
//	WeightPair     two entries across the particles: their densities and scatter
//	SideBySide     two to four ensembles: templates and the densities of one weight matrix
//
// and teaching figures for the notebooks, not in the paper:
//
//	FlowSnapshots     the ensemble at several iterations of one run
//	ForceArrows       the three terms of eq. (stein_grad) acting on one particle
//	StressData        the hyperelastic data: test path, training points, inputs
//	PushForwardBands  an ensemble's stress bands against the truth on the test path
//
// The paper's figure files are not available (its \includegraphics are
// empty), so each figure follows its caption and the text around it; each
// function's comment states the choices the paper leaves open (grids,
// ranges, contour levels, arrow scales, layout).
//
// Conventions shared by the figures:
//   - A kernel bandwidth gamma is coloured along viridis, dark for the
//     smallest, stopping short of its palest yellow so that points and
//     lines stay visible on white; contour levels use viridis too, except
//     behind coloured particles, where they are grey.
//   - Contours of a log posterior are drawn at max - 2^k / 2 below the
//     panel's maximum, so that panels of very different scales compare.
//   - Axes that the paper samples on log grids (lambda, the survey's
//     metrics) are log axes.
//   - Legends and row labels shared by all panels are drawn once, beside
//     the panels, so that they never hide data.
//
// Saving and showing:
//
//	fig := figures.PriorFamily()
//	err := fig.Save("figures")         // figures/prior_family.png and .svg
//	png, err := fig.PNG()              // in a notebook: gonbui.DisplayPNG(png)
//
// A constructor given unusable input (no survey points, a nil result)
// returns a figure that carries the error: Render, PNG and Save return it.
package figures
