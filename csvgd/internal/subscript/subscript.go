package subscript

import "fmt"

// Itoa writes n (n >= 0) with Unicode subscript digits: 12 is "₁₂".
func Itoa(n int) string {
	digits := []rune("₀₁₂₃₄₅₆₇₈₉")
	var out []rune
	for _, d := range fmt.Sprint(n) {
		out = append(out, digits[d-'0'])
	}
	return string(out)
}
