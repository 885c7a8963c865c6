package nbutil

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/janpfeifer/gonb/gonbui"
)

// Banner shows, at the top of a notebook, the mode it runs in, what quick
// mode changes in the studies of topics (the notebook's), and the backend
// that computes: generated when the notebook runs, so that an executed
// notebook says how its outputs were made.
func Banner(topics ...study.Topic) {
	gonbui.DisplayMarkdown(BannerText(csvgd.Quick(), backend.Readable(Backend().Description()), topics...))
	flush()
}

// BannerText is the Markdown of [Banner]: the mode, a table of the
// settings of topics in this mode and in the other, and the backend.
func BannerText(quick bool, backend string, topics ...study.Topic) string {
	this, other := study.Plan{Quick: quick}.Sizes(topics...), study.Plan{Quick: !quick}.Sizes(topics...)
	var b strings.Builder
	if quick {
		fmt.Fprintf(&b, "**Quick mode** (`%s=1`): reduced sizes, for a first look and for the tests; its runs are far shorter than full mode's, so its numbers show the mechanics, not the results. Full mode runs the paper's settings where the paper gives them, and this project's where it does not.\n\n", csvgd.QuickEnv)
		b.WriteString("| | quick (this run) | full |\n|---|---|---|\n")
	} else {
		fmt.Fprintf(&b, "**Full mode**: the paper's settings where the paper gives them, and this project's where it does not (the line under the table says which). Quick mode (`%s=1`, for a first look and for the tests) runs reduced sizes.\n\n", csvgd.QuickEnv)
		b.WriteString("| | full (this run) | quick |\n|---|---|---|\n")
	}
	for i, s := range this {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", s.What, s.Value, other[i].Value)
	}
	if len(this) == 0 {
		b.WriteString("| this notebook's computations | the same in both modes | |\n")
	}
	full := this
	if quick {
		full = other
	}
	var src []string
	for _, s := range full {
		if s.Source != "" {
			src = append(src, s.What+": "+s.Source)
		}
	}
	if len(src) > 0 {
		fmt.Fprintf(&b, "\nWhere the full-mode settings come from: %s.\n", strings.Join(src, "; "))
	}
	fmt.Fprintf(&b, "\nRuns are read from `data/cache/` when they are there (%s) and computed otherwise; backend: %s.\n", computedBy(topics), backend)
	return b.String()
}

// computedBy says which make targets compute the runs of topics: that of
// each topic's part, once ("make reproduce" where no topic is named).
func computedBy(topics []study.Topic) string {
	var targets []string
	for _, t := range topics {
		if tg := "`" + t.Part().Target() + "`"; !slices.Contains(targets, tg) {
			targets = append(targets, tg)
		}
	}
	if len(targets) == 0 {
		targets = []string{"`" + study.PaperPart.Target() + "`"}
	}
	if len(targets) > 1 {
		return strings.Join(targets, " and ") + " compute them"
	}
	return targets[0] + " computes them"
}
