package main

import (
	"math"
	"strconv"
)

// jsonFloat is a float64 that encodes NaN and +-Inf as JSON null (which
// encoding/json refuses to encode), for metrics that can be undefined, such
// as a Bhattacharyya distance to a singular covariance.
type jsonFloat float64

func (f jsonFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}
