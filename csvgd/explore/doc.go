// Package explore opens trained ensembles and draws the explorer's views
// of their weights: one implementation shared by notebook 07
// (exploring-weights, through nbutil.ExploreWeights) and "csvgd explore".
// (Notebook 04's explorer of a run's history draws its figures directly.)
//
// An ensemble comes from one of two places:
//
//   - a cached run of the paper's studies ([Catalogue], [Cached], [Open]):
//     the final particles of a run of package study's plans, trained and
//     cached by package runcache under data/cache/runs/, named by its
//     cache key; or
//   - a saved ensemble file ([LoadFile]), as "csvgd train -save" and
//     "csvgd condense" write it, read through package ensemble.
//
// [Sources] lists both kinds, files first, for a chooser.
//
// [Views] condenses the ensembles (Alg. graph_condense at the paper's
// threshold: a no-op for the final ensemble of a cSVGD run at a fixed λ,
// which its last stage condensed; for an adaptive run, whose final stage
// ran without a condensation, it prunes what that stage left below the
// threshold) so that their nodes are aligned, and draws
//
//	weight_distributions  per-entry kernel densities of every weight matrix (figures.WeightDistributions)
//	weight_pair           two chosen entries across the particles (figures.WeightPair)
//	template_graph        the condensed template, nodes by mean importance (figures.TemplateGraph)
//	side_by_side          the ensemble next to others, template and densities of one matrix (figures.SideBySide)
//
// [PairRelation] says how the two weights of the pair relate across the
// particles (their correlation and the node they share). [Save] writes the
// views as PNG and SVG without replacing existing files unless asked to.
package explore
