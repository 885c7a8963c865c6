package jsonnum

import (
	"encoding/json"
	"math"
	"testing"
)

// TestRoundTrip: finite values come back to the bit, NaN and +-Inf are
// written as null and read back as NaN, and a bad value is an error.
func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		in   float64
		text string
	}{{0.1, "0.1"}, {-2.5e-300, "-2.5e-300"}, {1e21, "1e+21"}, {math.NaN(), "null"}, {math.Inf(1), "null"}, {math.Inf(-1), "null"}} {
		raw, err := json.Marshal(Float(c.in))
		if err != nil || string(raw) != c.text {
			t.Errorf("%v: %s, %v; want %s", c.in, raw, err, c.text)
		}
		var back Float
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		finite := !math.IsNaN(c.in) && !math.IsInf(c.in, 0)
		if (finite && math.Float64bits(float64(back)) != math.Float64bits(c.in)) || (!finite && !math.IsNaN(float64(back))) {
			t.Errorf("%v: read back %v", c.in, back)
		}
	}
	var f Float
	if err := json.Unmarshal([]byte(`"x"`), &f); err == nil {
		t.Error("a string was read as a number")
	}
}
