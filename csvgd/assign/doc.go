// Package assign solves the linear assignment problem: given an n x m
// cost matrix C, find the one-to-one map sigma of rows to columns that
// minimises
//
//	sum_i C[i][sigma(i)].
//
// [Solve] is the shortest augmenting path method of Jonker and Volgenant
// ("A shortest augmenting path algorithm for dense and sparse linear
// assignment problems", Computing 38, 1987) without their initialisation
// heuristics: one row at a time is added to the assignment along a
// shortest alternating path found with Dijkstra's method on the reduced
// costs C[i][j] - u[i] - v[j], whose dual potentials u, v keep every
// reduced cost non-negative. That is also the O(n^2 m) form of Kuhn and
// Munkres' Hungarian method. The result is an exact optimum (up to
// rounding in the potentials); among several optima it returns one.
//
// No maintained Go module for the problem was found in the Go module
// proxy, hence this small package. The tests compare it with brute force
// over all permutations for n <= 7, on square, rectangular, tied and
// degenerate matrices.
//
// Package condense uses it to align the hidden nodes of networks by
// weight matching ([condense.Align]).
package assign
