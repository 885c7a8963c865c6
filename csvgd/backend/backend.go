package backend

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/internal/dotvjp"
	"github.com/gomlx/compute"
	"github.com/gomlx/compute/gobackend"
	"github.com/gomlx/go-xla/compute/xla"
)

// EnvVar is the environment variable that selects the backend (GoMLX's own).
const EnvVar = compute.ConfigEnvVar

// SafeGoConfig is the pure-Go backend configuration used when GOMLX_BACKEND
// is not set. "parallelism=-1" lets the simplego worker pool start as many
// goroutines as it needs, so concurrent matrix products never wait on each
// other for a slot (the deadlock seen on two cores with the default pool).
const SafeGoConfig = gobackend.BackendName + ":parallelism=-1"

// Notice is where the backend choice is announced; standard error by default.
// Set it to io.Discard to silence the announcement.
var Notice io.Writer = os.Stderr

var (
	once     sync.Once
	shared   compute.Backend
	sharedEr error
)

func init() {
	// Never download a PJRT plugin behind the user's back.
	xla.EnableAutoInstall(false)
}

// Default returns the backend shared by the whole process, creating it with
// [New] on the first call.
func Default() (compute.Backend, error) {
	once.Do(func() { shared, sharedEr = New() })
	return shared, sharedEr
}

// MustDefault is [Default] for notebooks and examples: it panics on error.
func MustDefault() compute.Backend {
	b, err := Default()
	if err != nil {
		panic(err)
	}
	return b
}

// Config returns the configuration [New] uses: GOMLX_BACKEND when set,
// otherwise [SafeGoConfig].
func Config() string {
	if c := strings.TrimSpace(os.Getenv(EnvVar)); c != "" {
		return c
	}
	return SafeGoConfig
}

// New creates a backend from [Config] and announces it on [Notice].
// It also installs, once per process, the project's gradient of DotGeneral
// (package internal/dotvjp): every graph gradient built afterwards uses it.
func New() (compute.Backend, error) {
	dotvjp.Register()
	cfg := Config()
	b, err := newQuiet(cfg)
	if err != nil {
		return nil, explain(cfg, err)
	}
	remember(b, cfg)
	if Notice == nil {
		return b, nil
	}
	fmt.Fprintf(Notice, "csvgd: GoMLX backend %s (%s)\n", cfg, b.Description())
	return b, nil
}

// newQuiet creates the backend with standard output pointed at the null
// device: simplego prints its parallelism setting with fmt.Printf, which
// would corrupt machine-readable output; [New] announces the choice itself.
// GoMLX panics on an unknown backend name; that is turned into an error.
func newQuiet(cfg string) (b compute.Backend, err error) {
	name, _, _ := strings.Cut(cfg, ":")
	if !slices.Contains(compute.List(), name) {
		return nil, fmt.Errorf("unknown backend name %q", name)
	}
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", os.DevNull, err)
	}
	stdout := os.Stdout
	os.Stdout = devNull
	defer func() {
		os.Stdout = stdout
		devNull.Close()
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("%v", r)
		}
	}()
	return compute.NewWithConfig(cfg)
}

// explain wraps a backend creation error with what the user can do about it.
func explain(cfg string, err error) error {
	name, _, _ := strings.Cut(cfg, ":")
	if name == xla.BackendName {
		return fmt.Errorf("backend %q: %w\n%s", cfg, err, xlaHint)
	}
	return fmt.Errorf("backend %q: %w (known backends: %s)", cfg, err, strings.Join(compute.List(), ", "))
}

// xlaHint says how to give the XLA backend (go-xla v0.4.1) a PJRT plugin
// and options; docs/speed.md (section "Backends") says the same at length.
const xlaHint = "(the XLA backend needs a PJRT plugin, named by its absolute path: " + EnvVar + "=xla:/abs/path/plugin.so, loaded as it is; " +
	"a short name such as xla:cuda, and the folders of PJRT_PLUGIN_LIBRARY_PATH, find only files named pjrt_c_api_*_plugin.so, pjrt_plugin_*.so or pjrt-plugin-*.so. " +
	"Options follow the plugin after commas, e.g. xla:/abs/path/plugin.so,preallocate=true: tf32, preallocate, memory_fraction, allocator, " +
	"visible_devices, shared_buffers and use_tfrt_gpu_client; any other name is an error. " +
	"JAX's CUDA plugin is site-packages/jax_plugins/xla_cuda13/xla_cuda_plugin.so; it also needs NVIDIA's libraries " +
	"(every site-packages/nvidia/*/lib) on LD_LIBRARY_PATH and XLA_FLAGS=--xla_gpu_cuda_data_dir=DIR with DIR holding " +
	"bin/ptxas and nvvm/libdevice (site-packages/nvidia/cu13): eval \"$(scripts/gpu-env.sh /path/to/python3)\" sets these, " +
	"and GOPJRT_CUDA_CHECKS=0, which stops go-xla looking for an nvidia/ folder beside the plugin's folder (JAX has none there). " +
	"The program must be built with cgo (CGO_ENABLED=1 and a C compiler). Unset " + EnvVar + " to use the pure-Go backend; docs/speed.md, section Backends, says more.)"

// Readable is a backend's description as a reader of a notebook or a
// report wants it: the pure-Go backend's "(parallelism=-1)" of
// [SafeGoConfig] reads as what it does.
func Readable(description string) string {
	return strings.Replace(description, "(parallelism=-1)", "(as many worker goroutines as it needs)", 1)
}
