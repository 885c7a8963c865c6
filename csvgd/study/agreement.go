package study

import (
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// The agreement study: whether independent runs of a sampler, with other
// seeds and starting points of two kinds, agree on the posterior of one
// template, for each sampler, on the 10-particle templates at alpha = 1/2
// and alpha = 1. It compares the references' setting (ReferenceConfig)
// with chains twice as long and with ChEES, and says prior by prior
// whether it backs the references' setting (settingsReading).

// AgreementSeed is the seed of the training runs whose templates the
// agreement study samples: one that no other study trains with.
const AgreementSeed = 7

// AgreementAlphas are the priors of the agreement study's templates.
var AgreementAlphas = []float64{0.5, 1}

// AgreementRunCount is the number of runs per sampler and template.
const AgreementRunCount = 4

// agreementRunCount is the number of runs per sampler and template at the
// plan's size: AgreementRunCount, two in quick mode.
func (p Plan) agreementRunCount() int {
	if p.Quick {
		return 2
	}
	return AgreementRunCount
}

// AgreementTemplates are the training runs of the agreement study: cSVGD
// with 10 particles at each of AgreementAlphas (quick mode: the first),
// lambda = 0.05, 10% noise, seed AgreementSeed, keeping the last stage
// (csvgd train -particles 10 -alpha A -lambda 0.05 -seed 7
// -save-last-stage FILE).
func (p Plan) AgreementTemplates() []runcache.Spec {
	alphas := AgreementAlphas
	if p.Quick {
		alphas = alphas[:1]
	}
	var out []runcache.Spec
	for _, a := range alphas {
		s := p.paperRun(fmt.Sprintf("cSVGD alpha = %g, 10 particles, seed %d", a, AgreementSeed), a)
		s.Config.Seed, s.Config.KeepLastStage = AgreementSeed, true
		out = append(out, s)
	}
	return out
}

// AgreementSamplers are the sampler settings the study compares: NUTS
// with its defaults (those of the references, ReferenceConfig), NUTS with
// LongerChains times the warm-up and kept iterations, and ChEES with its
// defaults.
func AgreementSamplers(quick bool) []exact.Config {
	long := ReferenceConfig(quick)
	long.Warmup, long.Draws = LongerChains*long.Warmup, LongerChains*long.Draws
	return []exact.Config{ReferenceConfig(quick), long, exact.DefaultCHEESConfig(quick)}
}

// LongerChains is how many times longer than the references' chains the
// agreement study's second NUTS setting runs: Stan's remedy for chains that
// do not mix, measured here beside the references' setting, which is kept
// for its cost.
const LongerChains = 2

// allSettings is the AgreementRow.Sampler of every setting's runs pooled.
const allSettings = "all"

// nutsSettings is the AgreementRow.Sampler of every NUTS setting's runs
// pooled: whether the NUTS settings, each of which may agree by itself,
// agree with each other.
const nutsSettings = "nuts, all settings"

// samplerLabel names a sampler setting of the study: the sampler, its
// warm-up and kept iterations per chain, e.g. "nuts, 1000 + 500".
func samplerLabel(c exact.Config) string {
	return fmt.Sprintf("%s, %d + %d", c.Sampler, c.Warmup, c.Draws)
}

// AgreementRuns are the runs of sampler c on the template of run: seeds 1
// to AgreementRunCount (quick mode: 2), starting at the Stein particles
// (odd seeds) and at optimised initialisations (even seeds): disjoint
// starting points of two kinds.
func (p Plan) AgreementRuns(run runcache.Spec, c exact.Config) []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for seed := uint64(1); seed <= uint64(p.agreementRunCount()); seed++ {
		starts := exact.SteinStarts
		if seed%2 == 0 {
			starts = exact.InitStarts
		}
		n := runcache.NUTSSpec{Run: run, Config: c.WithStarts(starts, p.Quick)}
		n.Config.Seed = seed
		out = append(out, n)
	}
	return out
}

// agreementRuns are every run of the study, template by template and
// sampler by sampler.
func (p Plan) agreementRuns() []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for _, r := range p.AgreementTemplates() {
		for _, c := range AgreementSamplers(p.Quick) {
			out = append(out, p.AgreementRuns(r, c)...)
		}
	}
	return out
}

func (p Plan) agreementNeeds() needs { return needs{nuts: p.agreementRuns()} }

// AgreementRow is one sampler on one template of the study, or every
// sampler together: the runs and their agreement.
type AgreementRow struct {
	Alpha     float64
	Template  string // e.g. 3-7-8-1 (85)
	Sampler   string // the setting (samplerLabel), or allSettings for every setting's runs together
	Reference *Reference
}

// AgreementStudy samples (or reads) every run of the study and measures
// their agreement, template by template: each sampler setting's runs, then
// every setting's runs together (do the samplers agree with each other?).
func AgreementStudy(s *Store) ([]AgreementRow, error) {
	var out []AgreementRow
	for _, r := range s.AgreementTemplates() {
		var all, nuts []runcache.NUTSSpec
		settings := 0
		for _, c := range AgreementSamplers(s.Quick) {
			specs := s.AgreementRuns(r, c)
			all = append(all, specs...)
			if c.Sampler == exact.NUTSSampler {
				nuts, settings = append(nuts, specs...), settings+1
			}
			row, err := s.agreementRow(r, specs, samplerLabel(c))
			if err != nil {
				return nil, err
			}
			out = append(out, row)
		}
		for _, pool := range poolsOf(all, nuts, settings) {
			row, err := s.agreementRow(r, pool.specs, pool.sampler)
			if err != nil {
				return nil, err
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// pool is a set of the study's runs judged together.
type pool struct {
	sampler string // nutsSettings or allSettings
	specs   []runcache.NUTSSpec
}

// poolsOf are the pooled rows of a template: every NUTS setting's runs
// together where there are nutsSettingCount > 1 NUTS settings (two
// settings that each agree may still not agree with each other), then
// every setting's runs together.
func poolsOf(all, nuts []runcache.NUTSSpec, nutsSettingCount int) []pool {
	var out []pool
	if nutsSettingCount > 1 {
		out = append(out, pool{nutsSettings, nuts})
	}
	return append(out, pool{allSettings, all})
}

// agreementRow is the agreement of the runs specs on run's template.
func (s *Store) agreementRow(run runcache.Spec, specs []runcache.NUTSSpec, sampler string) (AgreementRow, error) {
	ref, err := s.referenceOf(specs)
	if err != nil {
		return AgreementRow{}, err
	}
	arch := ref.Runs[0].Arch
	return AgreementRow{Alpha: run.Config.Alpha, Template: templateName(arch), Sampler: sampler, Reference: ref}, nil
}

// templateName writes a template as its widths and weight count, e.g.
// 3-7-8-1 (85): AgreementRow.Template, which SharedPosteriors matches.
func templateName(arch icnn.Arch) string {
	return fmt.Sprintf("%s (%d)", widths(arch.Widths), arch.NumParams())
}

// AgreementTable writes the agreement study as Markdown: per template and
// sampler, one row per run (its starts, seed, seconds, gradients, band
// widths with standard errors, R-hat within it and quantile shift), then
// the pooled bands with their intervals, nested R-hat over the runs and
// the verdict with what it missed.
func AgreementTable(w io.Writer, s *Store) error {
	rows, err := AgreementStudy(s)
	if err != nil {
		return err
	}
	cr := rows[0].Reference.Agreement.Criteria
	runs := s.agreementRunCount()
	fmt.Fprintf(w, "%d runs of each sampler setting on the template of the last stage of a 10-particle cSVGD run (λ = 0.05, 10%% noise, seed %d), with seeds 1 to %d, starting at the Stein particles (odd seeds) and at random initialisations optimised on the posterior (even seeds). Per run: the wall time and gradients (warm-up and starts included, beside other work on the machine), the in-range 90%% and 50%% band widths ± their Monte Carlo standard errors, R-hat within the run and the largest shift of a watched stress's 5%%, 50%% or 95%% quantile from the pooled one (a share of its 90%% width). The runs agree when every band width lies within %.0f%% of the pooled one and nested R-hat over the runs is at most %.2f.\n\n",
		runs, AgreementSeed, runs, 100*cr.BandTolerance, cr.MaxNestedRHat)
	fmt.Fprintln(w, "| α | template (weights) | sampler | run | seconds | gradients | 90% band | 50% band | R-hat within | quantile shift |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, row := range rows {
		a := row.Reference.Agreement
		switch row.Sampler {
		case allSettings:
			fmt.Fprintf(w, "| %g | %s | all | **all %d runs pooled** | | | %s | %s | nested %.3f | **%s** |\n", row.Alpha, row.Template, len(a.Runs),
				interval(a.Band90), interval(a.Band50), a.NestedRHat, a.Verdict)
			continue
		case nutsSettings:
			fmt.Fprintf(w, "| %g | %s | nuts, all settings | **all %d NUTS runs pooled** | | | %s | %s | nested %.3f | **%s** |\n", row.Alpha, row.Template, len(a.Runs),
				interval(a.Band90), interval(a.Band50), a.NestedRHat, a.Verdict)
			continue
		}
		for i, r := range a.Runs {
			rep := row.Reference.Runs[i].Report
			fmt.Fprintf(w, "| %g | %s | %s | %s starts, seed %d | %.0f | %.3g | %s | %s | %.3f | %.2f |\n", row.Alpha, row.Template, row.Sampler, r.Starts, r.Seed,
				rep.Seconds, float64(rep.Gradients), estimate(r.Band90), estimate(r.Band50), r.RHat, r.QuantileShift)
		}
		fmt.Fprintf(w, "| %g | %s | %s | **pooled** | | | %s | %s | nested %.3f | **%s** |\n", row.Alpha, row.Template, row.Sampler,
			interval(a.Band90), interval(a.Band50), a.NestedRHat, a.Verdict)
	}
	fmt.Fprintln(w)
	for _, row := range rows {
		a := row.Reference.Agreement
		name := row.Sampler
		switch name {
		case allSettings:
			name = "every setting's runs together"
		case nutsSettings:
			name = "the NUTS settings' runs together"
		}
		line := fmt.Sprintf("- α = %g, %s: %s", row.Alpha, name, a.Verdict)
		if len(a.Misses) > 0 {
			line += " (" + strings.Join(a.Misses, "; ") + ")"
		}
		fmt.Fprintln(w, line+".")
	}
	refLabel, others := nutsLabels(s.Quick)
	fmt.Fprintln(w, "\nWhat the study says of the references' setting:")
	for _, line := range settingsReading(rows, refLabel, others) {
		fmt.Fprintln(w, "- "+line)
	}
	return nil
}

// nutsLabels are the labels of the references' NUTS setting and of the
// study's other NUTS settings.
func nutsLabels(quick bool) (ref string, others []string) {
	ref = samplerLabel(ReferenceConfig(quick))
	for _, c := range AgreementSamplers(quick) {
		if l := samplerLabel(c); c.Sampler == exact.NUTSSampler && l != ref {
			others = append(others, l)
		}
	}
	return ref, others
}
