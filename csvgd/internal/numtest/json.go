package numtest

import (
	"fmt"
	"math"
	"sort"
)

// JSONDiff compares two decoded JSON values (as encoding/json decodes into
// any): numbers within Rel relative or Abs absolute, everything else
// exactly.
type JSONDiff struct {
	Rel, Abs float64
}

// Compare lists the differences between got and want, each naming its
// path (for example "History[3].TrainRMSE"); none when they agree.
func (c JSONDiff) Compare(got, want any) []string {
	var out []string
	c.walk("", got, want, &out)
	return out
}

func (c JSONDiff) walk(path string, got, want any, out *[]string) {
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		if !ok || !(math.Abs(g-w) <= math.Max(c.Abs, c.Rel*math.Abs(w))) {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, got, want))
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			*out = append(*out, fmt.Sprintf("%s: %d values, want %d", path, len(g), len(w)))
			return
		}
		for i := range w {
			c.walk(fmt.Sprintf("%s[%d]", path, i), g[i], w[i], out)
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: %T, want an object", path, got))
			return
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			c.walk(path+"."+k, g[k], w[k], out)
		}
	default:
		if got != want {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, got, want))
		}
	}
}
