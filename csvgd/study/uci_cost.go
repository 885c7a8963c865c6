package study

import (
	"fmt"
	"strings"
)

// UCICost is the fit time behind the benchmark's table: the sum of each
// cached fit's wall time (regress.SplitResult's Seconds), per setting and
// in all. It is fit time, not the benchmark's wall time: fits computed
// side by side (csvgd reproduce -jobs N) overlap, and each fit's time
// depends on what else ran on the machine.
type UCICost struct {
	Fits      int
	Seconds   float64
	BySetting []UCISettingCost
}

// UCISettingCost is one setting's fits and their summed wall time over
// the data sets.
type UCISettingCost struct {
	Setting UCISetting
	Fits    int
	Seconds float64
}

// uciCost sums the fits' wall times of every setting of [UCISettings]
// over the data sets of in.
func uciCost(in []UCISetInput) UCICost {
	var c UCICost
	for _, st := range UCISettings() {
		sc := UCISettingCost{Setting: st}
		for _, set := range in {
			for _, r := range set.Results[st.Key] {
				sc.Fits++
				sc.Seconds += r.Seconds
			}
		}
		c.Fits += sc.Fits
		c.Seconds += sc.Seconds
		c.BySetting = append(c.BySetting, sc)
	}
	return c
}

// writeCost writes the cost line under the table: the fits' summed wall
// time in seconds and hours, then per setting.
func writeCost(b *strings.Builder, c UCICost) {
	parts := make([]string, len(c.BySetting))
	for i, sc := range c.BySetting {
		parts[i] = fmt.Sprintf("%s %.0f s (%d fits)", sc.Setting.Label, sc.Seconds, sc.Fits)
	}
	fmt.Fprintf(b, "- **Fit time**: the table's %d fits took %.0f s (%.1f h) in all, the sum of each fit's wall time as cached: %s. "+
		"Fits computed side by side (`-jobs N`) overlap, so the benchmark's wall time is shorter than this sum, and each fit's time depends on what else ran on the machine.\n",
		c.Fits, c.Seconds, c.Seconds/3600, strings.Join(parts, ", "))
}
