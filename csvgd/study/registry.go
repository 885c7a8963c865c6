package study

import (
	"fmt"
	"io"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures"
)

// The registry: every figure and every table of csvgd reproduce, once,
// in the order it makes them. csvgd reproduce, csvgd figures -only, csvgd
// runs list -study, the command line's help, [Plan.Studies] and the list
// of figures in package figures' documentation all come from it or are
// tested against it (registry_test.go).

// Entry is what the registry holds of a figure or a table: its name,
// where it stands in the paper and the cached jobs it reads.
type Entry struct {
	// Name is a figure's file stem (NAME.png and NAME.svg; the paper's
	// label for the paper's figures, docs/reading.md section 14) or a
	// table's name (that of its block in docs/). A figure and a table of
	// the same study share it: csvgd reproduce -only NAME makes both.
	Name string
	// Section is the paper's section the figure or table belongs to.
	Section string
	// Beyond marks a figure or table that the paper does not have.
	Beyond bool
	// Part is the part of the reproduction that makes it.
	Part Part
	// needs are the cached jobs it reads; nil for none (it computes in
	// seconds).
	needs func(Plan) needs
}

// Figure is a figure of the registry and the function that makes it.
type Figure struct {
	Entry
	Make func(*Store) (*figures.Figure, error)
}

// Table is a table of the registry: a Markdown file of csvgd reproduce's
// output folder, also written into a generated block of a document under
// docs/.
type Table struct {
	Entry
	File  string // its file in the output folder
	Doc   string // the document under docs/ that holds its block
	About string // what it holds, for the help
	Write func(io.Writer, *Store) error
}

// Part is a part of the reproduction: what one make target computes.
// Figures, tables (their registry entries) and notebooks (their metadata
// csvgd.part) each belong to one; both parts share one cache, so a run
// that both read is computed once.
type Part string

const (
	// PaperPart is the paper (make reproduce): its figures and tables of
	// Secs. 3-5, the notebooks 01-07 that walk through them, and the few
	// studies beyond the paper that those notebooks show beside it
	// (alignment by assignment, the kernel Stein discrepancy, the exact
	// posterior of Sec. 4), which cost little.
	PaperPart Part = "paper"
	// BeyondPart is what the project adds beyond the paper (make beyond):
	// the reference posteriors sampled by NUTS, the Newton study, the
	// variance collapse, and their notebooks.
	BeyondPart Part = "beyond"
)

// Target is the make target that computes the part's runs.
func (p Part) Target() string {
	if p == BeyondPart {
		return "make beyond"
	}
	return "make reproduce"
}

// Parts are the parts, in the order a whole reproduction makes them.
var Parts = []Part{PaperPart, BeyondPart}

// ParsePart reads a part's name, or reports an unknown one.
func ParsePart(name string) (Part, error) {
	for _, p := range Parts {
		if string(p) == name {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown part %q (known: %s, %s)", name, PaperPart, BeyondPart)
}

// paper is the entry of the paper's figure or table name in section.
func paper(name, section string, needs func(Plan) needs) Entry {
	return Entry{Name: name, Section: section, Part: PaperPart, needs: needs}
}

// companion is the entry of a figure or table beyond the paper, near the
// paper's section, that a notebook of the paper shows: made with the
// paper.
func companion(name, section string, needs func(Plan) needs) Entry {
	return Entry{Name: name, Section: section, Beyond: true, Part: PaperPart, needs: needs}
}

// beyond is the entry of a figure or table beyond the paper, near the
// paper's section, made by the part beyond it.
func beyond(name, section string, needs func(Plan) needs) Entry {
	return Entry{Name: name, Section: section, Beyond: true, Part: BeyondPart, needs: needs}
}

// figureRegistry: the paper's figures in the paper's order, then those
// beyond it.
var figureRegistry = []Figure{
	{paper("prior_family", "3", nil), PriorFamily},
	{paper("mvn_gradient", "4", nil), MVNGradient},
	{paper("mvn_survey", "4", Plan.surveyNeeds), MVNSurvey},
	{paper("mvn_particles", "4", nil), MVNParticles},
	{paper("graph_condense_sequence", "5.4", Plan.sequenceNeeds), GraphCondenseSequence},
	{paper("graph_distance_evolution", "5.4", Plan.graphNeeds), GraphDistanceEvolution},
	{paper("weight_distributions", "5.4", Plan.graphNeeds), WeightDistributions},
	{paper("graph_condense_speedup", "5.4", Plan.speedupNeeds), GraphCondenseSpeedup},
	{paper("convergence_priors", "5.5", Plan.priorsNeeds), ConvergencePriors},
	{paper("convergence_ensemble", "5.5", Plan.ensembleNeeds), ConvergenceEnsemble},
	{paper("convergence_noise", "5.5", Plan.noiseNeeds), ConvergenceNoise},
	{paper("noisy_pushforwards", "5.5", Plan.pushforwardNeeds), NoisyPushforwards},
	{paper("adaptive_penalty", "5.6", Plan.penaltyNeeds), AdaptivePenalty},
	{companion("alignment", "5.4", Plan.alignmentNeeds), Alignment},
	{companion("mvn_ksd", "4", nil), MVNKSD},
	{companion("ksd_convergence", "5.5", Plan.priorsNeeds), KSDConvergence},
	{companion("mvn_exact", "4", Plan.mvnExactNeeds), MVNExact},
	{beyond("stein_vs_nuts", "5.5", Plan.exactNeeds), SteinVsNUTS},
	{beyond("calibration", "5.5", Plan.exactNeeds), Calibration},
	{beyond("nuts_diagnostics", "5.5", Plan.diagnosticsNeeds), NUTSDiagnostics},
	{beyond("variance_collapse", "3", Plan.collapseNeeds), VarianceCollapse},
	{beyond("uci_calibration", "5", Plan.uciNeeds), UCICalibration},
	{beyond("uci_pareto", "5", Plan.uciNeeds), UCIPareto},
}

// tableRegistry: the tables, after the figures.
var tableRegistry = []Table{
	{paper("results", "5.4-5.6", Plan.resultsNeeds), "results.md", "results.md",
		"the results of the studies of Secs. 5.4 to 5.6 beside the paper's numbers", WriteTables},
	{paper("prior", "3", Plan.priorNeeds), "prior.md", "reading.md",
		"the comparison of the prior's two forms, with the calibration of sigma", PriorTables},
	{companion("alignment", "5.4", Plan.alignmentNeeds), "alignment.md", "beyond.md",
		"the alignment study", AlignmentReport},
	{companion("exact-posterior-mvn", "4", Plan.surveyNeeds), "exact-posterior-mvn.md", "exact-posterior.md",
		"the distances to the exact posterior of Sec. 4", MVNPosteriorTable},
	{beyond("reference-agreement", "5.5", Plan.agreementNeeds), "reference-agreement.md", "exact-posterior.md",
		"the agreement of independent runs of each sampler on the posterior of one template", AgreementTable},
	{beyond("exact-posterior", "5.5", Plan.exactTablesNeeds), "exact-posterior.md", "exact-posterior.md",
		"the comparison with the posterior of the templates (two runs per template)", ExactTables},
	{beyond("variance_collapse", "3", Plan.collapseNeeds), "variance-collapse.md", "beyond.md",
		"the variance collapse on Gaussians", CollapseTable},
	{beyond("newton", "5.5", Plan.newtonNeeds), "newton.md", "beyond.md",
		"the Newton updates on the condensed templates", NewtonTables},
	{beyond("uci", "5", Plan.uciNeeds), "uci.md", "own-data.md",
		"the UCI regression benchmark (nine data sets at Liu & Wang's iterations): SVGD, cSVGD and the deep ensemble of dense networks beside MC dropout's and the published numbers, with the reading computed from them under the table", UCITable},
	{beyond("uci-optimizer", "5", Plan.uciOptimizerNeeds), "uci-optimizer.md", "own-data.md",
		"the optimizer and bandwidth ablation on energy: SVGD with Liu & Wang's Adagrad (decay 0.9) and with its state reset every iteration, as their first code ran it, each with the median bandwidth over the distinct pairs and over the N x N matrix, as their code takes it, beside the published row", UCIOptimizerTable},
}

// Figures are the registry's figures, in the order csvgd reproduce makes
// them: the paper's, then those beyond it.
func Figures() []Figure { return slices.Clone(figureRegistry) }

// Tables are the registry's tables, in the order csvgd reproduce writes
// them (after the figures).
func Tables() []Table { return slices.Clone(tableRegistry) }

// PaperFigures are the figures this project regenerates of the paper's,
// in the paper's order.
func PaperFigures() []Figure {
	return slices.DeleteFunc(Figures(), func(f Figure) bool { return f.Beyond })
}

// BeyondFigures are the figures beyond the paper's, made by csvgd
// reproduce after the paper's: the alignment study, the KSD of the
// illustrative example and of the ICNN ensembles, the Stein ensembles
// against the exact posterior (Sec. 4 by quadrature, Sec. 5 by NUTS),
// their calibration, the diagnostics of a NUTS run, the variance
// collapse of the first-order flow against the Newton updates on
// Gaussians, and the regression benchmark's calibration of its
// predictive intervals and its accuracy against size.
func BeyondFigures() []Figure {
	return slices.DeleteFunc(Figures(), func(f Figure) bool { return !f.Beyond })
}

// Entries are the entries of the registry's figures, then of its tables.
func Entries() []Entry {
	var out []Entry
	for _, f := range figureRegistry {
		out = append(out, f.Entry)
	}
	for _, t := range tableRegistry {
		out = append(out, t.Entry)
	}
	return out
}

// ReadsCache reports whether the figure or table reads cached jobs
// (csvgd reproduce prepares them first; csvgd runs list -study names
// them).
func (e Entry) ReadsCache() bool { return e.needs != nil }
