package study

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestSettingsReading: the study backs the references' setting at a prior
// only when its runs agree and every NUTS setting's runs together agree;
// a gap between the settings' pooled intervals is measured, an overlap is
// not called a gap, and an unresolved references' setting is never backed.
func TestSettingsReading(t *testing.T) {
	const ref, long = "nuts, 1000 + 500", "nuts, 2000 + 1000"
	row := func(sampler string, v exact.Verdict, band exact.Interval) AgreementRow {
		return AgreementRow{Alpha: 0.5, Sampler: sampler, Reference: &Reference{Agreement: &exact.Agreement{Verdict: v, Band90: band}}}
	}
	lo := exact.Interval{Value: 0.18, Lo: 0.17, Hi: 0.19}
	hi := exact.Interval{Value: 0.22, Lo: 0.21, Hi: 0.23}
	near := exact.Interval{Value: 0.185, Lo: 0.18, Hi: 0.20}
	a, u := exact.Agrees, exact.Unresolved
	for _, tc := range []struct {
		name      string
		rows      []AgreementRow
		want, not []string
	}{
		{"references unresolved, longer agree", []AgreementRow{row(ref, u, lo), row(long, a, hi), row(nutsSettings, u, lo)},
			[]string{"are unresolved", "those of " + long + " agree", "does not back the references' setting"}, []string{"backs the setting"}},
		{"nothing agrees", []AgreementRow{row(ref, u, lo), row(long, u, hi), row(nutsSettings, u, lo)},
			[]string{"no other NUTS setting's runs agree", "backs no NUTS setting"}, []string{"backs the setting"}},
		{"all agree", []AgreementRow{row(ref, a, lo), row(long, a, near), row(nutsSettings, a, lo)},
			[]string{"(nuts, 1000 + 500) agree", "the study backs the setting at this prior"}, []string{"not back", "apart"}},
		{"settings apart", []AgreementRow{row(ref, a, lo), row(long, a, hi), row(nutsSettings, u, lo)},
			[]string{"together are unresolved", "does not back the setting", "intervals 0.0200 apart", "uncertain by at least that gap"}, []string{"study backs the setting", "overlapping"}},
		{"other setting unresolved", []AgreementRow{row(ref, a, lo), row(long, u, hi), row(nutsSettings, u, lo)},
			[]string{"does not back the setting", "the runs of " + long + " do not agree among themselves"}, []string{"study backs the setting", "uncertain by"}},
		{"settings overlap", []AgreementRow{row(ref, a, lo), row(long, a, near), row(nutsSettings, u, lo)},
			[]string{"together are unresolved", "does not back the setting", "overlapping intervals"}, []string{"study backs the setting", "uncertain by"}},
	} {
		got := settingsReading(tc.rows, ref, []string{long})
		if len(got) != 1 {
			t.Fatalf("%s: %d lines, want 1: %q", tc.name, len(got), got)
		}
		containsAll(t, got[0], tc.want...)
		for _, n := range tc.not {
			if strings.Contains(got[0], n) {
				t.Errorf("%s: %q says %q", tc.name, got[0], n)
			}
		}
	}
}

// TestSharedPosteriors: a comparison template the study sampled too (same
// widths, same prior) is set beside each agreeing setting's pooled band,
// with the gap between the intervals or their overlap; other priors,
// other widths and unresolved settings are left out.
func TestSharedPosteriors(t *testing.T) {
	band := func(v, lo, hi float64) exact.Interval { return exact.Interval{Value: v, Lo: lo, Hi: hi} }
	ref := func(v exact.Verdict, b exact.Interval) *Reference {
		return &Reference{Agreement: &exact.Agreement{Verdict: v, Band90: b}}
	}
	c := ExactComparison{Particles: 10, Seed: 1, Alpha: 0.5, Arch: icnn.Arch{Widths: []int{3, 2, 1}}}
	c.Reference = ref(exact.Unresolved, band(0.15, 0.148, 0.16))
	tpl := fmt.Sprintf("3-2-1 (%d)", c.Arch.NumParams())
	row := func(alpha float64, template, sampler string, v exact.Verdict, b exact.Interval) AgreementRow {
		return AgreementRow{Alpha: alpha, Template: template, Sampler: sampler, Reference: ref(v, b)}
	}
	rows := []AgreementRow{
		row(0.5, tpl, "nuts, 1000 + 500", exact.Unresolved, band(0.147, 0.143, 0.151)),
		row(0.5, tpl, "nuts, 2000 + 1000", exact.Agrees, band(0.142, 0.138, 0.146)),
		row(0.5, tpl, "chees, 400 + 100", exact.Agrees, band(0.155, 0.15, 0.158)),
		row(0.5, tpl, allSettings, exact.Agrees, band(0.2, 0.19, 0.21)),
		row(1, tpl, "nuts, 2000 + 1000", exact.Agrees, band(0.3, 0.29, 0.31)),
		row(0.5, "3-4-1 (9)", "nuts, 2000 + 1000", exact.Agrees, band(0.3, 0.29, 0.31)),
	}
	got := sharedPosteriors([]ExactComparison{c}, rows)
	if len(got) != 1 {
		t.Fatalf("%d lines, want 1: %q", len(got), got)
	}
	containsAll(t, got[0], "N = 10, seed 1", "two runs are unresolved", "nuts, 2000 + 1000 runs agree", "intervals are 0.0020 apart", "chees, 400 + 100 runs agree", "intervals overlap")
	for _, n := range []string{"1000 + 500", "0.3000", "0.2000"} {
		if strings.Contains(got[0], n) {
			t.Errorf("%q includes %q", got[0], n)
		}
	}
	c.Alpha = 2
	if got := sharedPosteriors([]ExactComparison{c}, rows); len(got) != 0 {
		t.Errorf("a template the study did not sample: %q", got)
	}
}
