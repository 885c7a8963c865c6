// Package speed measures one Stein step of the ICNN ensemble of Sec. 5.4
// (forward pass, stress, score, kernel, update, for all particles on the
// 80 training points) as the training runs take it, GoMLX's compiled
// graph, against the hand-written Go reference of package reference, in
// the same process, one after the other.
//
// The paper's promise is that an iteration of cSVGD gets cheaper in
// proportion to the weights that condensation removes; [Run] measures the
// step for ensembles of 10 and 100 particles at the widths 30 (the full
// network, 1020 weights), 8 and 4 (condensed templates), and [Report]
// checks it against the project's speed targets: the graph within 1.5x of
// the reference at full width and 3x at widths 8 and 4, and the step at
// width 4 at least 5x faster than at width 30 (all with 10 particles).
// `csvgd bench -json` prints the report; the speed table of docs/speed.md
// is generated from it. [Compare] sets the reports of several builds (GoMLX
// versions, GOEXPERIMENT settings, or another implementation of the step
// such as bench/torch_step.py's) side by side, case by case.
package speed
