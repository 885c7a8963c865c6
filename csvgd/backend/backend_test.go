package backend

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gomlx/gomlx/pkg/core/graph"
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

func TestMissingPluginGivesClearError(t *testing.T) {
	t.Setenv(EnvVar, "xla:/nonexistent/plugin.so")
	t.Setenv("PJRT_PLUGIN_LIBRARY_PATH", t.TempDir())
	_, err := New()
	if err == nil {
		t.Skip("an XLA plugin loaded from a path that does not exist?")
	}
	if !strings.Contains(err.Error(), "PJRT_PLUGIN_LIBRARY_PATH") {
		t.Fatalf("error does not say how to fix it: %v", err)
	}
}

func TestUnknownBackend(t *testing.T) {
	t.Setenv(EnvVar, "nosuchbackend")
	_, err := New()
	if err == nil || !strings.Contains(err.Error(), "nosuchbackend") {
		t.Fatalf("want an error naming the backend, got %v", err)
	}
}

// TestNewInstallsDotGeneralGradient: after New, the gradient of a matrix
// product wrt its left operand is itself a DotGeneral (csvgd/internal/dotvjp),
// not GoMLX's broadcast product and reduction.
func TestNewInstallsDotGeneralGradient(t *testing.T) {
	t.Setenv(EnvVar, "")
	old := Notice
	Notice = nil
	defer func() { Notice = old }()
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	var kind graph.NodeType
	graph.MustExecOnce(b, func(x, y *graph.Node) *graph.Node {
		g := graph.Gradient(graph.ReduceAllSum(graph.DotGeneral(x, []int{1}, nil, y, []int{0}, nil)), x)[0]
		kind = g.Type()
		return g
	}, [][]float64{{1, 2}, {3, 4}}, [][]float64{{5, 6, 7}, {8, 9, 10}})
	if kind != graph.NodeTypeDotGeneral {
		t.Fatalf("gradient of DotGeneral built as %s, want a DotGeneral node", kind)
	}
}
