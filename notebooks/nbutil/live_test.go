package nbutil

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// TestLiveView: the view's HTML carries the attributes the browser test
// reads (name, frame, state), the figures as PNG data URIs, the caption,
// and Draw's error, escaped, in the error state.
func TestLiveView(t *testing.T) {
	l := Live{Name: "demo", Draw: func(v []int) (string, []*figures.Figure, error) {
		if v[0] == 1 {
			return "", nil, errors.New("diverged at <step>")
		}
		return "<p>caption</p>", []*figures.Figure{figures.PriorFamily()}, nil
	}}
	body, state := l.draw([]int{0})
	html := l.view(body, 3, state)
	for _, want := range []string{`class="csvgd-live-view"`, `data-csvgd-live="demo"`, `data-frame="3"`, `data-state="live"`,
		"<p>caption</p>", `alt="prior_family" src="data:image/png;base64,iVBOR`} {
		if !strings.Contains(html, want) {
			t.Errorf("view lacks %s", want)
		}
	}
	if stopped := l.view(body, 3, "stopped"); !strings.Contains(stopped, `data-state="stopped"`) || !strings.Contains(stopped, "run the cell again") {
		t.Errorf("stopped view: %.200s", stopped)
	}
	body, state = l.draw([]int{1})
	if html := l.view(body, 4, state); state != "error" || !strings.Contains(html, "diverged at &lt;step&gt;") || strings.Contains(html, "<img") {
		t.Errorf("error view (state %s): %s", state, html)
	}
}

// TestLiveFlowChoices: every choice of the live flow is a valid setting,
// and the names the selects show are the values.
func TestLiveFlowChoices(t *testing.T) {
	if got := strings.Join(formatAll(flowLambdas), " "); got != "0 0.01 0.03 0.1 0.3 1 3 10" {
		t.Errorf("lambdas %q", got)
	}
	names := bandwidthNames()
	if names[0] != "median rule (Liu & Wang)" || names[1] != "median rule (paper)" || names[4] != "γ = 10" {
		t.Errorf("bandwidths %q", names)
	}
	for _, a := range flowAlphas {
		for _, beta := range flowBetas {
			for _, l := range flowLambdas {
				for _, b := range flowBandwidths {
					c := mvn.DefaultConfig()
					c.Alpha, c.Beta, c.Lambda, c.Bandwidth = a, beta, l, b
					if err := c.Validate(); err != nil {
						t.Errorf("alpha %v, beta %v, lambda %v, bandwidth %v: %v", a, beta, l, b, err)
					}
				}
			}
		}
	}
}

// TestConnectGivesUp: without a browser that answers, connect gives up
// after its tries and says what to do, instead of waiting for ever.
func TestConnectGivesUp(t *testing.T) {
	err := connect("test", 20*time.Millisecond, 3)
	if err == nil || !strings.Contains(err.Error(), "within 60ms") || !strings.Contains(err.Error(), "run the cell again") {
		t.Errorf("connect: %v, want an error after 60ms that says to run the cell again", err)
	}
}
