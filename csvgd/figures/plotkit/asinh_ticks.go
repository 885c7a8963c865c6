package plotkit

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
)

// AsinhTicks label an axis whose coordinate is u = asinh(w) with the
// values of w: 0 and +-1, 10, 100, ... (unlabelled ticks at +-2..9 times
// them), so that weights from 10^-1 to 10^4 share one readable axis,
// linear near 0 and logarithmic beyond 1. On a wide axis labels would run
// into each other: there +-1 lose theirs where they crowd 0, and only
// every second (third, ...) decade is labelled, so that adjacent labels
// lie at least asinhLabelGap of the axis apart per character. From 10^4
// on labels are written 1e4, 1e5, ...
type AsinhTicks struct{}

// asinhLabelGap is the share of an axis's length one character of a tick
// label takes, with a character's room between two labels: adjacent
// labels of lengths a and b lie at least ((a+b)/2 + 1) asinhLabelGap of
// the axis apart.
const asinhLabelGap = 0.04

// Ticks implements plot.Ticker.
func (AsinhTicks) Ticks(lo, hi float64) []plot.Tick {
	var in []plot.Tick
	var ws []float64 // the w of each tick of in
	var exps []int   // k for a tick at ±10^k, -1 for 0, -2 for the others
	add := func(w float64, k int) {
		if u := math.Asinh(w); u >= lo && u <= hi {
			in, ws, exps = append(in, plot.Tick{Value: u}), append(ws, w), append(exps, k)
		}
	}
	add(0, -1)
	for k, p := 0, 1.0; k <= 6; k, p = k+1, p*10 {
		for m := 1; m <= 9; m++ {
			e := -2
			if m == 1 {
				e = k
			}
			add(-float64(m)*p, e)
			add(float64(m)*p, e)
		}
	}
	room := func(a, b float64) bool { // labels at a and b do not collide
		n := float64(len(asinhLabel(a))+len(asinhLabel(b)))/2 + 1
		return math.Abs(math.Asinh(a)-math.Asinh(b)) >= n*asinhLabelGap*(hi-lo)
	}
	ones := room(0, 1) // ±1 keep their labels beside 0
	labelled := func(i, step int) bool {
		k := exps[i]
		return k == -1 || (k == 0 && ones) || (k > 0 && k%step == 0)
	}
	for step := 1; ; step++ {
		var keep []int // the ticks labelled at this step, by w
		for i := range ws {
			if labelled(i, step) {
				keep = append(keep, i)
			}
		}
		slices.SortFunc(keep, func(i, j int) int { return cmp.Compare(ws[i], ws[j]) })
		spaced := true
		for k := 1; k < len(keep); k++ {
			spaced = spaced && room(ws[keep[k-1]], ws[keep[k]])
		}
		if spaced || step == 7 {
			for _, i := range keep {
				in[i].Label = asinhLabel(ws[i])
			}
			return in
		}
	}
}

// asinhLabel writes w, 0 or a signed power of ten: -100, 1, 1e4.
func asinhLabel(w float64) string {
	if math.Abs(w) < 1e4 {
		return strconv.FormatFloat(w, 'f', -1, 64)
	}
	sign := ""
	if w < 0 {
		sign = "-"
	}
	return sign + "1e" + strconv.Itoa(int(math.Round(math.Log10(math.Abs(w)))))
}
