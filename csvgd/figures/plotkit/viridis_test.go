package plotkit

import (
	"image/color"
	"math"
	"testing"
)

func TestViridis(t *testing.T) {
	cases := []struct {
		t    float64
		want color.RGBA
	}{
		{-1, viridisAnchors[0]},
		{0, viridisAnchors[0]},
		{1.0 / 9, viridisAnchors[1]},
		{1, viridisAnchors[9]},
		{2, viridisAnchors[9]},
		{math.NaN(), viridisAnchors[0]},
	}
	for _, c := range cases {
		if got := Viridis(c.t); got != c.want {
			t.Errorf("viridis(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	// luminance rises along the map, so darker means smaller gamma
	lum := func(c color.RGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	for k := 1; k <= 20; k++ {
		if a, b := Viridis(float64(k-1)/20), Viridis(float64(k)/20); !(lum(b) > lum(a)) {
			t.Errorf("luminance falls from t = %v to %v", float64(k-1)/20, float64(k)/20)
		}
	}
}

func TestValueColors(t *testing.T) {
	vals, col := ValueColors([]float64{300, 0.3, 9.5, 0.3, math.NaN()})
	if len(vals) != 3 || vals[0] != 0.3 || vals[2] != 300 {
		t.Fatalf("distinct values %v", vals)
	}
	if col(0.3) != color.Color(Viridis(0)) || col(300) != color.Color(Viridis(ViridisTop)) {
		t.Errorf("colours %v .. %v, want viridis(0) .. viridis(%v)", col(0.3), col(300), ViridisTop)
	}
}
