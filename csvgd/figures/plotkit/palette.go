package plotkit

import (
	"image/color"
	"math"
)

// Colours used across the figures.
var (
	Black     = color.RGBA{A: 255}
	Grey      = color.RGBA{R: 150, G: 150, B: 150, A: 255}
	LightGrey = color.RGBA{R: 200, G: 200, B: 200, A: 255}
	Red       = color.RGBA{R: 214, G: 39, B: 40, A: 255}
	Green     = color.RGBA{R: 44, G: 160, B: 44, A: 255}
	Blue      = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	Orange    = color.RGBA{R: 255, G: 127, B: 14, A: 255}
)

// Fade is c at opacity a in [0, 1].
func Fade(c color.Color, a float64) color.NRGBA {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: uint8(math.Round(255 * a))}
}

// Blend is the colour of fill b painted over fill a on white.
func Blend(a, b color.NRGBA) color.NRGBA {
	over := func(x, y uint8, ay float64) float64 { return float64(x)*(1-ay) + float64(y)*ay }
	aa, ab := float64(a.A)/255, float64(b.A)/255
	mix := func(ca, cb uint8) uint8 {
		under := over(255, ca, aa)
		return uint8(math.Round(under*(1-ab) + float64(cb)*ab))
	}
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}

// ContourGrey is a grey from light (t = 0) to dark (t = 1).
func ContourGrey(t float64) color.Color {
	v := uint8(math.Round(215 - 135*math.Max(0, math.Min(1, t))))
	return color.RGBA{v, v, v, 255}
}
