// Package backend picks the GoMLX backend that runs every compiled graph of
// the project.
//
// The rule is small and lives in one place ([New]):
//
//   - When the environment variable GOMLX_BACKEND is set, its value is used
//     as the GoMLX backend configuration, for example "go", "xla:cpu",
//     "xla:cuda" or "xla:/abs/path/to/plugin.so".
//   - Otherwise the pure-Go backend ("go", simplego) is used with the
//     configuration [SafeGoConfig], which cannot deadlock on a machine with
//     two cores (the default simplego configuration can: concurrent
//     matrix products wait for slots in a small worker pool).
//
// The choice is printed once on standard error, never on standard output,
// so that machine-readable output (JSON) stays clean.
//
// One refinement per graph: [ForWork] runs a graph whose largest tensors
// are smaller than [SmallGraph] elements on the pure-Go backend's
// sequential twin (the same options, operations one after the other),
// which computes the same numbers, bit for bit, without the parallel
// executor's cost per operation.
//
// The XLA backend needs a PJRT plugin. Its automatic download is switched
// off (this project never downloads binaries behind the user's back); when
// the plugin is absent, [New] returns an error that says how to point GoMLX
// at one: its absolute path in GOMLX_BACKEND, and for JAX's CUDA plugin the
// libraries and flags that scripts/gpu-env.sh prints.
//
// [New] also replaces, process-wide and once, GoMLX's reverse-mode gradient
// of DotGeneral (every Einsum) with the one of package
// csvgd/internal/dotvjp. It writes each operand's gradient as one
// DotGeneral product and a transpose, right for every layout of the axes:
// GoMLX v0.26.0 built a broadcast Mul and ReduceSum instead (about 70% of
// a Stein step of the ICNN ensemble on the pure-Go backend), and GoMLX
// v0.28.2's own rule lays out the result wrongly when two contracting axes
// are paired in different orders on the two sides. Since every caller gets
// its backend from [New] (directly or through [Default]), every gradient
// graph of the project uses it; a node whose axes it cannot read gets
// GoMLX's rule with a warning on standard error.
package backend
