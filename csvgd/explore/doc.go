// Package explore opens trained ensembles and draws the explorer's views
// of their weights: one implementation shared by notebook 07
// (exploring-weights), notebook 04's explorer and "csvgd explore".
//
// An ensemble comes from one of two places:
//
//   - a cached run of the paper's studies ([Catalogue], [Cached], [Open]):
//     the final particles of a run that package study trained and cached
//     under data/cache/runs/, named by its cache key; or
//   - a saved ensemble file ([LoadFile]), as "csvgd train -save" and
//     "csvgd condense" write it, read through package ensemble.
//
// [Views] condenses the ensembles (Alg. graph_condense at the paper's
// threshold, a no-op for a cSVGD run's final ensemble, which its last
// stage condensed) so that their nodes are aligned, and draws
//
//	weight_distributions  per-entry kernel densities of every weight matrix (figures.WeightDistributions)
//	weight_pair           two chosen entries across the particles (figures.WeightPair)
//	template_graph        the condensed template, nodes by mean importance (figures.TemplateGraph)
//	side_by_side          the ensemble next to others, template and densities of one matrix (figures.SideBySide)
//
// [Save] writes them as PNG and SVG without replacing existing files
// unless asked to.
package explore
