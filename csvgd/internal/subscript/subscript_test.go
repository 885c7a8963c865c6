package subscript

import "testing"

func TestItoa(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "₀"}, {1, "₁"}, {9, "₉"}, {12, "₁₂"}, {305, "₃₀₅"}} {
		if got := Itoa(c.n); got != c.want {
			t.Errorf("Itoa(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
