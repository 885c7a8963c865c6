package backend

import (
	"bytes"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/dotvjp"
	"github.com/gomlx/gomlx/core/graph"
)

func TestConfigFollowsEnv(t *testing.T) {
	t.Setenv(EnvVar, "")
	if got := Config(); got != SafeGoConfig {
		t.Fatalf("Config() with %s unset = %q, want %q", EnvVar, got, SafeGoConfig)
	}
	t.Setenv(EnvVar, "go:ops_sequential")
	if got := Config(); got != "go:ops_sequential" {
		t.Fatalf("Config() = %q, want the environment's value", got)
	}
}

func TestNewAnnouncesOnNoticeAndRuns(t *testing.T) {
	t.Setenv(EnvVar, "")
	var buf bytes.Buffer
	old := Notice
	Notice = &buf
	defer func() { Notice = old }()
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), SafeGoConfig) {
		t.Fatalf("notice %q does not name the backend", buf.String())
	}
	got := graph.MustExecOnce(b, func(x *graph.Node) *graph.Node {
		return graph.ReduceAllSum(graph.Square(x))
	}, []float64{1, 2, 3}).Value().(float64)
	if got != 14 {
		t.Fatalf("sum of squares = %v, want 14", got)
	}
}

// TestMissingPluginGivesClearError: a plugin path that does not exist
// gives an error that says how to name JAX's CUDA plugin and what it
// needs besides.
func TestMissingPluginGivesClearError(t *testing.T) {
	t.Setenv(EnvVar, "xla:/nonexistent/plugin.so")
	_, err := New()
	if err == nil {
		t.Skip("an XLA plugin loaded from a path that does not exist?")
	}
	for _, part := range []string{"/nonexistent/plugin.so", "xla:/abs/path/plugin.so", "jax_plugins/xla_cuda13/xla_cuda_plugin.so",
		"LD_LIBRARY_PATH", "--xla_gpu_cuda_data_dir", "GOPJRT_CUDA_CHECKS=0", "scripts/gpu-env.sh", "CGO_ENABLED=1"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error lacks %q: %v", part, err)
		}
	}
}

// TestUnknownXLAOptionIsAnError: go-xla refuses a backend option it does
// not know (a misspelt preallocate here) before it loads any plugin, and
// the error names the option and lists those it knows.
func TestUnknownXLAOptionIsAnError(t *testing.T) {
	t.Setenv(EnvVar, "xla:/nonexistent/plugin.so,prealocate=false")
	_, err := New()
	if err == nil {
		t.Fatal("a misspelt option was accepted")
	}
	for _, part := range []string{"unknown plugin options", "prealocate", "preallocate, memory_fraction"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error lacks %q: %v", part, err)
		}
	}
}

func TestUnknownBackend(t *testing.T) {
	t.Setenv(EnvVar, "nosuchbackend")
	_, err := New()
	if err == nil || !strings.Contains(err.Error(), "nosuchbackend") {
		t.Fatalf("want an error naming the backend, got %v", err)
	}
}

// TestNewInstallsDotGeneralGradient: after New, the registered gradient of
// DotGeneral is the project's (csvgd/internal/dotvjp), and a gradient
// built on the backend is built by it.
func TestNewInstallsDotGeneralGradient(t *testing.T) {
	t.Setenv(EnvVar, "")
	old := Notice
	Notice = nil
	defer func() { Notice = old }()
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if !dotvjp.Installed() {
		t.Fatal("after New, the registered DotGeneral gradient is not the project's")
	}
	uses := dotvjp.Uses()
	graph.MustExecOnce(b, func(x, y *graph.Node) *graph.Node {
		return graph.Gradient(graph.ReduceAllSum(graph.DotGeneral(x, []int{1}, nil, y, []int{0}, nil)), x)[0]
	}, [][]float64{{1, 2}, {3, 4}}, [][]float64{{5, 6, 7}, {8, 9, 10}})
	if dotvjp.Uses() == uses {
		t.Fatal("the gradient of DotGeneral was not built by the project's rule")
	}
}

// TestReadable: the default pure-Go configuration's parallelism reads as
// what it does; other descriptions pass unchanged.
func TestReadable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Go Portable Compute Backend (parallelism=-1)", "Go Portable Compute Backend (as many worker goroutines as it needs)"},
		{"XLA CUDA", "XLA CUDA"},
	} {
		if got := Readable(c.in); got != c.want {
			t.Errorf("Readable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
