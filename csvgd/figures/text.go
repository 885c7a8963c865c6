package figures

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
	panelTitleSize = vg.Length(12)
	axisLabelSize  = vg.Length(12)
	tickLabelSize  = vg.Length(10)
)

// textStyle is plain black text in the default font at size pt.
func textStyle(size vg.Length) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, size),
		Handler: plot.DefaultTextHandler,
	}
}

// num formats a parameter value compactly: 0.1, 1, 10, 0.25, 1/3 -> 0.333.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// joinInts writes ns separated by sep: 3-30-30-1.
func joinInts(ns []int, sep string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}
