package metrics

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzWasserstein1 checks the merge against the brute-force integral and
// symmetry on arbitrary samples.
func FuzzWasserstein1(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, uint8(3))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, split uint8) {
		var x []float64
		for len(data) >= 2 {
			// Small integers and halves make ties likely and keep sums exact-ish.
			x = append(x, float64(int16(binary.LittleEndian.Uint16(data)))/2)
			data = data[2:]
		}
		if len(x) < 2 {
			return
		}
		k := 1 + int(split)%(len(x)-1)
		a, b := x[:k], x[k:]
		got, want := Wasserstein1(a, b), bruteW1(a, b)
		if math.Abs(got-want) > 1e-9*(1+want) {
			t.Fatalf("W1(%v, %v) = %v, brute force %v", a, b, got, want)
		}
		if ba := Wasserstein1(b, a); math.Abs(got-ba) > 1e-9*(1+got) {
			t.Fatalf("W1(a, b) = %v, W1(b, a) = %v", got, ba)
		}
	})
}
