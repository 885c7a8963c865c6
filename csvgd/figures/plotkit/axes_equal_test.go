package plotkit

import "testing"

func TestEqualSpans(t *testing.T) {
	cases := []struct {
		name     string
		in, want [4]float64
	}{
		{"x shorter", [4]float64{0, 2, -3, 3}, [4]float64{-2, 4, -3, 3}},
		{"y shorter", [4]float64{-5, 5, 1, 3}, [4]float64{-5, 5, -3, 7}},
		{"equal", [4]float64{0, 1, 2, 3}, [4]float64{0, 1, 2, 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b, d, e := EqualSpans(c.in[0], c.in[1], c.in[2], c.in[3])
			if got := [4]float64{a, b, d, e}; got != c.want {
				t.Errorf("EqualSpans%v = %v, want %v", c.in, got, c.want)
			}
		})
	}
}
