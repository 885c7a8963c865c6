package nbutil

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// TestBannerText: the banner names its mode and sets this mode's settings
// beside the other's, in the order of the topics.
func TestBannerText(t *testing.T) {
	for _, c := range []struct {
		quick      bool
		mode, head string
		row        string // the cSVGD runs' row: this mode's setting, then the other's
	}{
		{false, "**Full mode**", "| | full (this run) | quick |", "| Sec. 5's cSVGD runs | 2000 iterations in stages of 500 | 200 iterations in stages of 50 |"},
		{true, "**Quick mode** (`CSVGD_QUICK=1`)", "| | quick (this run) | full |", "| Sec. 5's cSVGD runs | 200 iterations in stages of 50 | 2000 iterations in stages of 500 |"},
	} {
		text := BannerText(c.quick, "the test backend", study.IllustrativeTopic, study.NetworkTopic)
		for _, want := range []string{c.mode, c.head, c.row, "backend: the test backend.", "Sec. 5's cSVGD runs: this project's", "Fig. adaptive_penalty: the iterations are the paper's"} {
			if !strings.Contains(text, want) {
				t.Errorf("quick %v: the banner lacks %q:\n%s", c.quick, want, text)
			}
		}
		if i, j := strings.Index(text, "Fig. mvn_survey"), strings.Index(text, "Sec. 5's cSVGD"); i < 0 || j < i {
			t.Errorf("quick %v: the topics' rows are not in their order:\n%s", c.quick, text)
		}
	}
}

// TestBannerSeeds: the Newton study's row says "1 seed" in quick mode and
// "3 seeds" in full mode.
func TestBannerSeeds(t *testing.T) {
	for quick, want := range map[bool]string{true: "10 particles, 1 seed each", false: "10, 20 and 50 particles, 3 seeds each"} {
		if text := BannerText(quick, "b", study.NewtonTopic); !strings.Contains(text, want) {
			t.Errorf("quick %v: the banner lacks %q:\n%s", quick, want, text)
		}
	}
}

// TestBannerTargets: the banner names the make target of each topic's
// part, once: make reproduce for the paper's runs, make beyond for those
// beyond it.
func TestBannerTargets(t *testing.T) {
	for _, c := range []struct {
		topics []study.Topic
		want   string
	}{
		{[]study.Topic{study.IllustrativeTopic, study.NetworkTopic}, "(`make reproduce` computes them)"},
		{[]study.Topic{study.RegressionTopic}, "(`make beyond` computes them)"},
		{[]study.Topic{study.NetworkTopic, study.ReferenceTopic, study.NewtonTopic}, "(`make reproduce` and `make beyond` compute them)"},
		{nil, "(`make reproduce` computes them)"},
	} {
		if text := BannerText(false, "b", c.topics...); !strings.Contains(text, c.want) {
			t.Errorf("%v: the banner lacks %q:\n%s", c.topics, c.want, text)
		}
	}
}
