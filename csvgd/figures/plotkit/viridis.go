package plotkit

import (
	"image/color"
	"math"
)

// viridisAnchors are ten evenly spaced samples of the viridis colour map
// (van der Walt and Smith, matplotlib), perceptually uniform and readable
// in grey scale.
var viridisAnchors = [...]color.RGBA{
	{0x44, 0x01, 0x54, 0xff}, {0x48, 0x28, 0x78, 0xff}, {0x3e, 0x49, 0x89, 0xff},
	{0x31, 0x68, 0x8e, 0xff}, {0x26, 0x82, 0x8e, 0xff}, {0x1f, 0x9e, 0x89, 0xff},
	{0x35, 0xb7, 0x79, 0xff}, {0x6e, 0xce, 0x58, 0xff}, {0xb5, 0xde, 0x2b, 0xff},
	{0xfd, 0xe7, 0x25, 0xff},
}

// Viridis returns the viridis colour at t in [0, 1] (clamped), linearly
// interpolated between the anchors.
func Viridis(t float64) color.RGBA {
	if !(t > 0) {
		return viridisAnchors[0]
	}
	if t >= 1 {
		return viridisAnchors[len(viridisAnchors)-1]
	}
	x := t * float64(len(viridisAnchors)-1)
	i := int(x)
	f := x - float64(i)
	a, b := viridisAnchors[i], viridisAnchors[i+1]
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + f*(float64(q)-float64(p)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// ViridisTop is the end of viridis used for lines and points on white: the
// last, pale yellow tenth is hard to see.
const ViridisTop = 0.88

// ViridisPalette is viridis in 256 steps, for heat maps.
type ViridisPalette struct{}

// Colors implements palette.Palette.
func (ViridisPalette) Colors() []color.Color {
	cs := make([]color.Color, 256)
	for i := range cs {
		cs[i] = Viridis(float64(i) / 255)
	}
	return cs
}

// ValueColors maps each distinct value of vs (a bandwidth, say) to a
// viridis colour by its rank, darkest for the smallest. It returns the
// sorted distinct values and the colour function.
func ValueColors(vs []float64) ([]float64, func(float64) color.Color) {
	u := Distinct(vs)
	idx := make(map[float64]int, len(u))
	for i, v := range u {
		idx[v] = i
	}
	return u, func(v float64) color.Color {
		if len(u) < 2 {
			return Viridis(0.35)
		}
		return Viridis(ViridisTop * float64(idx[v]) / float64(len(u)-1))
	}
}

// RankColor is the colour of item i of n along viridis, dark first; a lone
// item gets viridis(0.35).
func RankColor(i, n int) color.Color {
	if n < 2 {
		return Viridis(0.35)
	}
	return Viridis(ViridisTop * float64(i) / float64(n-1))
}
