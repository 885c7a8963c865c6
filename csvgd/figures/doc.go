// Package figures draws the figures of the paper's Secs. 3 to 5 with
// gonum/plot, and the figures of the notebooks and of the weight explorer:
// one function per figure, named after the figure (its [Figure.Name], the
// paper's figure label for the paper's figures) in CamelCase, in a file
// named after the figure, each returning a [Figure] that renders to PNG or
// SVG.
//
//	PriorFamily     fig. prior_family   log posteriors of a Gaussian likelihood and the alpha prior
//	MVNGradient     fig. mvn_gradient   Stein direction and pseudopotential of two particles, no data
//	MVNSurvey       fig. mvn_survey     error and sparsity against lambda, per (alpha, beta), by gamma
//	MVNParticles    fig. mvn_particles  converged particles at lambda = 0.1 and 1.0, by gamma
//
// for Sec. 5.4 (graph condensation), from a train.Run history (particles
// are numbered from 1 in the figures, as in the paper; the functions take
// 0-based indices):
//
//	GraphCondenseSequence   fig. graph_condense_sequence   particles' graphs over the iterations
//	GraphDistanceEvolution  fig. graph_distance_evolution  inter-particle distance matrices over the iterations
//	WeightDistributions     fig. weight_distributions      KDEs of the entries of W0, W1, W2 across particles
//	GraphCondenseSpeedup    fig. graph_condense_speedup    W1 and parameter count vs alpha, with and without condensation
//
// for Secs. 5.5 and 5.6, from train.Result runs and push-forward W1
// curves:
//
//	ConvergencePriors    fig. convergence_priors    W1 and active weights over the iterations, by alpha
//	ConvergenceEnsemble  fig. convergence_ensemble  the same by ensemble size
//	ConvergenceNoise     fig. convergence_noise     the same by noise level
//	NoisyPushforwards    fig. noisy_pushforwards    push-forward W1 over F11, by noise level and by method
//	AdaptivePenalty      fig. adaptive_penalty      final W1 and active weights vs noise, fixed and adaptive lambda
//
// beyond the paper:
//
//	Alignment         alignment          node order by importance or by assignment: distances, modality, W1
//	MVNKSD            mvn_ksd            kernel Stein discrepancy of the Sec. 4 example over the iterations
//	KSDConvergence    ksd_convergence    kernel Stein discrepancy and W1 of the runs of convergence_priors
//	MVNExact          mvn_exact          the Sec. 4 ensembles against the exact posterior by quadrature
//	SteinVsNUTS       stein_vs_nuts      Stein ensembles against NUTS draws of their templates' posteriors
//	Calibration       calibration        reliability diagram: coverage of the truth and of fresh observations
//	NUTSDiagnostics   nuts_diagnostics   a NUTS run's rank plots and its divergences in pairs plots
//	VarianceCollapse  variance_collapse  SVGD's variance collapse on N(0, I_D) against the Newton updates
//	UCICalibration    uci_calibration    the UCI benchmark's coverage of the test points less the nominal level, per data set
//	UCIPareto         uci_pareto         the UCI benchmark's test RMSE and log-likelihood against the active weights, per data set
//
// These two lists are the figures of csvgd reproduce, in its order: the
// registry of package study (study.Figures) holds them, and its test
// checks that they agree with it.
//
// the views of the weight explorers (package explore, the notebooks, csvgd
// explore), from a weights.Networks or a history:
//
//	TemplateGraph         template_graph        the condensed template, nodes by mean importance, edges by mean |w|
//	WeightPair            weight_pair           two entries across the particles: their densities and scatter
//	SideBySide            side_by_side          two to four ensembles: templates and the densities of one weight matrix
//	LayerWeights          layer_weights         one panel of weight_distributions
//	WeightDistributionsOf weight_distributions  weight_distributions of any ensemble, dense networks' signed weights included
//
// and teaching figures for the notebooks:
//
//	FlowSnapshots     flow_snapshots     the ensemble at several iterations of one run
//	ForceArrows       force_arrows       the three terms of eq. (stein_grad) acting on one particle
//	SteinAblations    stein_ablations    two-dimensional Stein flows (SVGD from scratch and its ablations)
//	HyperelasticData  hyperelastic_data  the hyperelastic data: test path, training points, inputs
//	PushForwardBands  pushforward_bands  an ensemble's stress bands against the truth on the test path
//	RegressionBands   regression_bands   regression ensembles' predictive bands on held-out points and their coverage
//	W1Curve           w1_curve           a panel of fig. noisy_pushforwards: push-forward W1 over F11
//	W1Lines           w1_curve           the same, with the curves' colours given and a dotted reference (the noise floor)
//	CollapseParticles collapse_particles the final particles of runs on N(0, I_D), two coordinates
//
// The figures draw with package plotkit: [Figure] is its figure (panels
// on a grid, legend, rendering, saving), and its panels, axes, ticks,
// colours and custom plotters are shared by all figures. The helpers that
// concern the figures' subjects are here, each in a file of its own: the
// graph of a network and its legend (network_graph.go,
// network_legend.go), the colours of kernel bandwidths
// (bandwidth_colors.go), the test path, training range and colours of
// Sec. 5 (test_path.go, training_range.go, hyperelastic_colors.go), a W1
// axis (accuracy_axis.go), the weight matrices' ticks (matrix_ticks.go),
// the lines at zero (zero_lines.go), the initial parameter count
// (initial_count_line.go), a run's final values (final_values.go), two
// coordinates of a particle ensemble (plane.go), the contours of the
// Sec. 4 posterior on a slice (posterior_slice.go), the three convergence
// figures' common drawing (convergence_history.go), the W1 panels and
// their labelled curves (w1_panel.go), the density panels of a weight
// matrix (weight_panel.go), the KSD panels and their reference band
// (ksd_pair.go), and the explorer views' mean network and titles
// (explorer_views.go) and the largest entries of a weight matrix
// (top_entries.go). The statistics the
// figures draw are in package metrics (kernel densities, modality,
// ensemble bands) and the live nodes of a network in package condense.
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
