package tabular

import "math"

// Scaling is the standardisation of columns: x' = (x - Mean) / SD.
type Scaling struct {
	Mean, SD []float64
}

// Standardize is the scaling that gives each column of rows zero mean and
// unit standard deviation: the mean and the standard deviation with
// divisor n (NumPy's np.std, as Liu & Wang's code computes them) over the
// rows. A constant column, whose standard deviation is 0, gets SD 1 and
// so standardises to 0, as Liu & Wang's code does (std_X_train[std == 0]
// = 1, after Hernández-Lobato & Adams'); [Data.Check] refuses constant
// targets.
func Standardize(rows [][]float64) Scaling {
	d := len(rows[0])
	s := Scaling{Mean: make([]float64, d), SD: make([]float64, d)}
	n := float64(len(rows))
	for _, r := range rows {
		for j, v := range r {
			s.Mean[j] += v / n
		}
	}
	for _, r := range rows {
		for j, v := range r {
			s.SD[j] += (v - s.Mean[j]) * (v - s.Mean[j]) / n
		}
	}
	for j := range s.SD {
		s.SD[j] = math.Sqrt(s.SD[j])
		if s.SD[j] == 0 {
			s.SD[j] = 1
		}
	}
	return s
}

// Apply returns the rows standardised.
func (s Scaling) Apply(rows [][]float64) [][]float64 {
	out := make([][]float64, len(rows))
	for i, r := range rows {
		out[i] = make([]float64, len(r))
		for j, v := range r {
			out[i][j] = (v - s.Mean[j]) / s.SD[j]
		}
	}
	return out
}

// Undo maps the standardised value v of column j back to the data's
// units.
func (s Scaling) Undo(j int, v float64) float64 { return v*s.SD[j] + s.Mean[j] }
