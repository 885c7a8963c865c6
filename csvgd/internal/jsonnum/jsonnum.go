// Package jsonnum is a float64 for JSON that may be undefined: NaN and
// +-Inf, which encoding/json refuses to encode, are written as null and
// null is read back as NaN.
package jsonnum

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// Float is a float64 whose JSON form is its shortest decimal, or null when
// it is NaN or infinite; null reads back as NaN. Metrics that can be
// undefined (a Bhattacharyya distance to a singular covariance, a failed
// run's error) use it.
type Float float64

// MarshalJSON writes f, or null when f is NaN or infinite.
func (f Float) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}

// UnmarshalJSON reads a number, or null as NaN.
func (f *Float) UnmarshalJSON(raw []byte) error {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		*f = Float(math.NaN())
		return nil
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		return err
	}
	*f = Float(v)
	return nil
}

// Floats converts a slice, so that every value of it marshals as a Float.
func Floats(v []float64) []Float {
	out := make([]Float, len(v))
	for i, x := range v {
		out[i] = Float(x)
	}
	return out
}
