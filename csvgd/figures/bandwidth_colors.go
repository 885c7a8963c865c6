package figures

import (
	"image/color"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// bandwidthColors returns the distinct bandwidths of the results, fixed
// ones by increasing gamma then adaptive rules, and their viridis colours.
func bandwidthColors(rs []*mvn.Result) ([]stein.Bandwidth, func(stein.Bandwidth) color.Color) {
	seen := map[stein.Bandwidth]bool{}
	var bands []stein.Bandwidth
	for _, r := range rs {
		b := r.Config.Bandwidth
		if b.Rule != stein.Fixed {
			b.Gamma = 0
		}
		if !seen[b] {
			seen[b] = true
			bands = append(bands, b)
		}
	}
	sort.Slice(bands, func(i, j int) bool {
		if (bands[i].Rule == stein.Fixed) != (bands[j].Rule == stein.Fixed) {
			return bands[i].Rule == stein.Fixed
		}
		if bands[i].Rule != bands[j].Rule {
			return bands[i].Rule < bands[j].Rule
		}
		return bands[i].Gamma < bands[j].Gamma
	})
	return bands, func(b stein.Bandwidth) color.Color {
		if len(bands) < 2 {
			return plotkit.Viridis(0.35)
		}
		return plotkit.Viridis(plotkit.ViridisTop * float64(bandIndex(bands, b)) / float64(len(bands)-1))
	}
}

func bandIndex(bands []stein.Bandwidth, b stein.Bandwidth) int {
	if b.Rule != stein.Fixed {
		b.Gamma = 0
	}
	for i, c := range bands {
		if c == b {
			return i
		}
	}
	return 0
}

func bandRank(bands []stein.Bandwidth, r *mvn.Result) int {
	return bandIndex(bands, r.Config.Bandwidth)
}

func bandLabel(b stein.Bandwidth) string { return "γ = " + bandValue(b) }

// bandValue is a fixed gamma's value or the name of an adaptive rule.
func bandValue(b stein.Bandwidth) string {
	switch b.Rule {
	case stein.Fixed:
		return plotkit.Num(b.Gamma)
	case stein.MedianLiuWang:
		return "median rule"
	case stein.MedianMatrix:
		return "median rule over the N × N matrix"
	case stein.MedianPaper:
		return "paper's median rule"
	}
	return b.String()
}
