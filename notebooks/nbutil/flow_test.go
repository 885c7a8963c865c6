package nbutil

import (
	"strings"
	"testing"
)

// TestFlowStart: a start given by its values lands on those controls'
// positions; a value that is not a choice is an error naming it.
func TestFlowStart(t *testing.T) {
	at, err := FlowStart{Alpha: 1, Beta: 2, Lambda: 0.1, Bandwidth: "median"}.indices()
	if err != nil || at != [4]int{2, 1, 3, 0} {
		t.Errorf("indices %v, %v; want [2 1 3 0]", at, err)
	}
	if at, err := (FlowStart{Alpha: 0.25, Beta: 1, Lambda: 10, Bandwidth: "100"}).indices(); err != nil || at != [4]int{0, 0, 7, 5} {
		t.Errorf("indices %v, %v; want [0 0 7 5]", at, err)
	}
	for _, tc := range []struct {
		s    FlowStart
		want string
	}{
		{FlowStart{Alpha: 0.7, Beta: 2, Bandwidth: "median"}, "alpha = 0.7"},
		{FlowStart{Alpha: 1, Beta: 3, Bandwidth: "median"}, "beta = 3"},
		{FlowStart{Alpha: 1, Beta: 2, Lambda: 0.2, Bandwidth: "median"}, "lambda = 0.2"},
		{FlowStart{Alpha: 1, Beta: 2, Bandwidth: "5"}, `bandwidth "5"`},
		{FlowStart{Alpha: 1, Beta: 2, Bandwidth: "median-matrix"}, `bandwidth "median-matrix" is not one of the choices`},
		{FlowStart{Alpha: 1, Beta: 2, Bandwidth: "wide"}, `"wide"`},
	} {
		if _, err := tc.s.indices(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one naming %s", tc.s, err, tc.want)
		}
	}
}
