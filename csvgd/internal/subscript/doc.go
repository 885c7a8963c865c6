// Package subscript writes integers with Unicode subscript digits, as the
// figures and the weight explorer name weight matrices (W₀, W₁), inputs
// (I₁) and coordinates (θ₃).
package subscript
