package stein

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// BandwidthRule selects how the kernel bandwidth gamma is chosen.
type BandwidthRule int

const (
	// Fixed uses the given gamma.
	Fixed BandwidthRule = iota
	// MedianLiuWang is the median heuristic of Liu & Wang's reference SVGD
	// code, generalised to the beta-kernel: gamma = med(|a-b|^beta) /
	// (beta log(N+1)), so that k = 1/(N+1) at the median distance. For
	// beta = 2 this is their h^2 = 0.5 med(d^2) / log(N+1). As in their code,
	// the median runs over the whole N x N matrix, diagonal zeros included.
	MedianLiuWang
	// MedianPaper is the rule of the paper's Sec. 5.4,
	// gamma = sqrt(0.5 dbar / log(N+1)) with dbar the median Euclidean
	// distance between distinct particles.
	MedianPaper
)

// Bandwidth is a bandwidth rule and, for [Fixed], its value.
// Adaptive rules are recomputed from the particles at every iteration.
type Bandwidth struct {
	Rule  BandwidthRule
	Gamma float64 // used when Rule == Fixed
}

// ParseBandwidth reads "median" (Liu & Wang's rule), "paper" (the paper's
// Sec. 5.4 rule) or a positive number (a fixed gamma).
func ParseBandwidth(s string) (Bandwidth, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "median":
		return Bandwidth{Rule: MedianLiuWang}, nil
	case "paper":
		return Bandwidth{Rule: MedianPaper}, nil
	}
	g, err := strconv.ParseFloat(s, 64)
	if err != nil || !(g > 0) || math.IsInf(g, 0) {
		return Bandwidth{}, fmt.Errorf("bandwidth gamma = %q: want a number > 0, \"median\" or \"paper\"", s)
	}
	return Bandwidth{Rule: Fixed, Gamma: g}, nil
}

// String is the inverse of [ParseBandwidth].
func (b Bandwidth) String() string {
	switch b.Rule {
	case MedianLiuWang:
		return "median"
	case MedianPaper:
		return "paper"
	}
	return strconv.FormatFloat(b.Gamma, 'g', -1, 64)
}

// Of returns gamma for the ensemble x (N rows of D values) and kernel k.
// A degenerate ensemble (all particles equal) gives a small positive gamma
// rather than 0, so that the kernel stays defined.
func (b Bandwidth) Of(x [][]float64, k Kernel) float64 {
	n := float64(len(x))
	switch b.Rule {
	case MedianLiuWang:
		var d []float64
		for i := range x {
			for j := range x {
				d = append(d, k.Distance(x[i], x[j]))
			}
		}
		return positive(median(d) / (k.Beta * math.Log(n+1)))
	case MedianPaper:
		var d []float64
		for i := range x {
			for j := i + 1; j < len(x); j++ {
				d = append(d, euclid(x[i], x[j]))
			}
		}
		return positive(math.Sqrt(0.5 * median(d) / math.Log(n+1)))
	}
	return b.Gamma
}

func positive(g float64) float64 {
	const tiny = 1e-12
	if !(g > tiny) {
		return tiny
	}
	return g
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

func euclid(a, b []float64) float64 {
	var s float64
	for i := range a {
		d := a[i] - b[i]
		s += d * d
	}
	return math.Sqrt(s)
}
