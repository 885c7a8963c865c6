package stein

import (
	"fmt"
	"strings"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// MedianSelection is how the steps' graph finds the values at the
// median's ranks on the device ([Flow.gammaNode]). Which values the median
// takes is the rule of docs/reading.md section 4 either way, and every
// selection gives them bit for bit; only the work differs, and which is
// faster depends on the backend (on a GPU, a sort is one library call).
type MedianSelection int

const (
	// RadixSelection selects without a sort ([orderStatistics]): pairwise
	// counts up to [rankCountLimit] values, a radix selection above. It
	// runs on every backend and in the loop in the graph.
	RadixSelection MedianSelection = iota
	// SortSelection sorts the values once with the backend's sort and
	// reads the ranks. GoMLX's pure-Go backend runs a sort's comparator
	// once per comparison and refuses a sort inside a loop body, so there
	// it serves the chained steps only.
	SortSelection
)

// String names the selection as ParseMedianSelection reads it.
func (s MedianSelection) String() string {
	if s == SortSelection {
		return "sort"
	}
	return "radix"
}

// ParseMedianSelection reads "radix" ([RadixSelection], also "") or
// "sort" ([SortSelection]), in any case.
func ParseMedianSelection(name string) (MedianSelection, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "radix", "":
		return RadixSelection, nil
	case "sort":
		return SortSelection, nil
	}
	return RadixSelection, fmt.Errorf("median selection %q: want radix or sort", name)
}

// UseMedianSelection makes the flow's steps select the median by s on
// the device. Another selection than [RadixSelection] also takes the
// median on the device where the flow took it on the host
// ([Flow.HostMedian]), so that the selection is the one that runs.
func (f *Flow) UseMedianSelection(s MedianSelection) {
	f.Selection = s
	if s != RadixSelection {
		f.HostMedian = false
	}
}

// selectRanks are the values of v ([L], non-negative or +Inf) at the
// given ascending 0-based ranks ([Bandwidth.medianRanks]), [len(ranks)],
// by s.
func (s MedianSelection) selectRanks(v *Node, ranks []int) *Node {
	if s == SortSelection {
		return Gather(Sort(v, 0, true), ExpandAxes(Const(v.Graph(), int64s(ranks)), -1))
	}
	return orderStatistics(v, ranks)
}

// MarshalText writes the name [ParseMedianSelection] reads.
func (s MedianSelection) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a selection's name ([ParseMedianSelection]).
func (s *MedianSelection) UnmarshalText(b []byte) error {
	v, err := ParseMedianSelection(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MedianBy says how the flow's steps take the bandwidth's median: "host"
// ([Flow.HostMedian] with chained steps), the device's selection
// ("radix" or "sort", [Flow.Selection]), or "none" for a fixed bandwidth.
func (f *Flow) MedianBy() string {
	switch {
	case !f.Bandwidth.adaptive():
		return "none"
	case f.hostMedian():
		return "host"
	}
	return f.Selection.String()
}
