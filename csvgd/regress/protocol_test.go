package regress

import (
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
)

// TestLiuWangProtocols: the table holds their driver's numbers (commits
// b6dc08bc, 11aacf49 and 7004182 of their repository: n_loop, n_hidden,
// batch_size, epochs),
// each row found by its folder name, its driver name and the public
// copy's folder name, in any case.
func TestLiuWangProtocols(t *testing.T) {
	want := map[string][4]int{ // iterations, hidden units, batch, splits
		"boston": {2000, 50, 100, 20}, "concrete": {4000, 50, 100, 20}, "energy": {3000, 50, 100, 20},
		"kin8nm": {6000, 50, 100, 20}, "naval": {6000, 50, 100, 20}, "power": {10000, 50, 100, 20},
		"protein": {8000, 100, 100, 5}, "wine": {3000, 50, 100, 20}, "yacht": {4000, 50, 100, 20},
		"year": {8000, 100, 1000, 1},
	}
	if len(LiuWangProtocols) != len(want) {
		t.Fatalf("%d rows, want %d", len(LiuWangProtocols), len(want))
	}
	for _, p := range LiuWangProtocols {
		if got := [4]int{p.Iters, p.Hidden, p.Batch, p.Splits}; got != want[p.Set] {
			t.Errorf("%s: %v, want %v", p.Set, got, want[p.Set])
		}
	}
	for _, c := range []struct{ name, set string }{
		{"yacht", "yacht"}, {"yacht_hydrodynamics", "yacht"}, {"Yacht", "yacht"}, {"bostonHousing", "boston"},
		{"wine-quality-red", "wine"}, {"protein-tertiary-structure", "protein"}, {"combined_cycle_power_plant", "power"},
		{"naval-propulsion-plant", "naval"}, {"power-plant", "power"},
	} {
		p, err := LiuWangProtocol(c.name)
		if err != nil || p.Set != c.set {
			t.Errorf("%q: %+v, %v; want the row of %s", c.name, p, err, c.set)
		}
	}
	if _, err := LiuWangProtocol("mnist"); err == nil || !strings.Contains(err.Error(), `data set "mnist"`) || !strings.Contains(err.Error(), "yacht") {
		t.Errorf("unknown set: error %v, want it named with the known ones", err)
	}
}

// TestProtocolApply: liu-wang sets the iterations, the hidden layer and
// the batch of the set's row and nothing else; none keeps the
// configuration; a bad mode and an unknown set are errors naming them.
func TestProtocolApply(t *testing.T) {
	base := Default()
	got, err := ProtocolLiuWang.Apply(base, "protein")
	if err != nil {
		t.Fatal(err)
	}
	if got.Iters != 8000 || !slices.Equal(got.Hidden, []int{100}) || got.Batch != 100 {
		t.Errorf("protein: %d iterations, hidden %v, batch %d; want 8000, [100], 100", got.Iters, got.Hidden, got.Batch)
	}
	rest := got
	rest.Iters, rest.Hidden, rest.Batch = base.Iters, base.Hidden, base.Batch
	if !sameJSON(rest, base) {
		t.Errorf("the protocol changed more than iterations, hidden layer and batch: %+v", got)
	}
	if same, err := NoProtocol.Apply(base, "protein"); err != nil || !sameJSON(same, base) {
		t.Errorf("none: %+v, %v; want the configuration unchanged", same, err)
	}
	var p Protocol
	if err := p.UnmarshalText([]byte("liu-wang")); err != nil || p != ProtocolLiuWang {
		t.Errorf("liu-wang read as %q, %v", p, err)
	}
	if err := p.UnmarshalText([]byte("liu")); err == nil || !strings.Contains(err.Error(), `protocol "liu"`) {
		t.Errorf("bad mode: error %v", err)
	}
	if _, err := ProtocolLiuWang.Apply(base, "mnist"); err == nil || !strings.Contains(err.Error(), `"mnist"`) {
		t.Errorf("unknown set: error %v", err)
	}
}

// TestUCISets: every data set of data/uci loads at its first and last
// split with the benchmark's row, input and split counts and 90/10
// splits of all the rows.
func TestUCISets(t *testing.T) {
	for _, c := range []struct {
		set                     string
		rows, inputs, splits, n int // n: training rows of split 0
	}{
		{"boston", 506, 13, 20, 455}, {"concrete", 1030, 8, 20, 927}, {"energy", 768, 8, 20, 691},
		{"kin8nm", 8192, 8, 20, 7373}, {"naval", 11934, 16, 20, 10741}, {"power", 9568, 4, 20, 8611},
		{"protein", 45730, 9, 5, 41157}, {"wine", 1599, 11, 20, 1439}, {"yacht", 308, 6, 20, 277},
	} {
		dir, err := csvgd.UCIDir(c.set)
		if err != nil {
			t.Fatal(err)
		}
		if got := tabular.UCISplits(dir); got != c.splits {
			t.Errorf("%s: %d splits, want %d", c.set, got, c.splits)
		}
		for _, k := range []int{0, c.splits - 1} {
			d, err := tabular.ReadUCI(dir, k)
			if err != nil {
				t.Errorf("%s split %d: %v", c.set, k, err)
				continue
			}
			if len(d.Inputs) != c.inputs || len(d.Targets) != 1 || d.Train.Len()+d.Test.Len() != c.rows {
				t.Errorf("%s split %d: %d inputs, %d targets, %d + %d rows; want %d, 1, %d", c.set, k, len(d.Inputs), len(d.Targets), d.Train.Len(), d.Test.Len(), c.inputs, c.rows)
			}
			if k == 0 && d.Train.Len() != c.n {
				t.Errorf("%s split 0: %d training rows, want %d", c.set, d.Train.Len(), c.n)
			}
		}
	}
}
