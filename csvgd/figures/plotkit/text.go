package plotkit

import (
	"image/color"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Font sizes of panels, in points.
const (
	PanelTitleSize = vg.Length(12)
	AxisLabelSize  = vg.Length(12)
	TickLabelSize  = vg.Length(10)
)

// TextStyle is plain black text in the default font at size pt.
func TextStyle(size vg.Length) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, size),
		Handler: plot.DefaultTextHandler,
	}
}

// Num formats a parameter value compactly: 0.1, 1, 10, 0.25, 1/3 -> 0.333.
func Num(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// JoinInts writes ns separated by sep: 3-30-30-1.
func JoinInts(ns []int, sep string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}
