package backend

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gpuEnvScript is scripts/gpu-env.sh, from this package's folder.
const gpuEnvScript = "../../scripts/gpu-env.sh"

// fakeSitePackages builds the files of a JAX CUDA 13 installation that
// gpu-env.sh looks for, but those in omit (whose folders then do not exist
// unless other files need them), and returns the site-packages folder.
func fakeSitePackages(t *testing.T, omit ...string) string {
	t.Helper()
	return fakeSitePackagesIn(t, t.TempDir(), omit...)
}

// fakeSitePackagesIn is [fakeSitePackages] with the virtual environment
// in folder root.
func fakeSitePackagesIn(t *testing.T, root string, omit ...string) string {
	t.Helper()
	sp := filepath.Join(root, "venv", "lib", "python3.12", "site-packages")
	files := map[string]os.FileMode{
		"jax_plugins/xla_cuda13/xla_cuda_plugin.so":  0o644,
		"nvidia/cu13/lib/libcudart.so.13":            0o644,
		"nvidia/cudnn/lib/libcudnn.so.9":             0o644,
		"nvidia/cu13/bin/ptxas":                      0o755,
		"nvidia/cu13/nvvm/libdevice/libdevice.10.bc": 0o644,
	}
	for _, o := range omit {
		delete(files, o)
	}
	for name, mode := range files {
		path := filepath.Join(sp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, mode); err != nil {
			t.Fatal(err)
		}
	}
	return sp
}

// runGPUEnv runs the script with bash on arg, in an environment holding
// only PATH and the variables of env; with eval it evaluates the output
// and prints the four variables instead.
func runGPUEnv(t *testing.T, arg string, eval bool, env ...string) (stdout, stderr string, err error) {
	t.Helper()
	bash, lerr := exec.LookPath("bash")
	if lerr != nil {
		t.Skip("bash not found")
	}
	args := []string{gpuEnvScript, arg}
	if eval {
		args = []string{"-c", `eval "$(bash "$0" "$1")" && printf '%s\n' "$GOMLX_BACKEND" "$LD_LIBRARY_PATH" "$XLA_FLAGS" "$GOPJRT_CUDA_CHECKS"`,
			gpuEnvScript, arg}
	}
	cmd := exec.Command(bash, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "CUDA_HOME=" + t.TempDir()}, env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// TestGPUEnvFindsJAXInstallation: on a fake site-packages tree, given as
// a folder or through a Python that names it, the script prints the
// exports that load JAX's plugin by absolute path, with NVIDIA's
// libraries in front of the existing library path and the CUDA folder in
// XLA_FLAGS after the flags already set.
func TestGPUEnvFindsJAXInstallation(t *testing.T) {
	sp := fakeSitePackages(t)
	python := filepath.Join(t.TempDir(), "python3")
	if err := os.WriteFile(python, []byte("#!/bin/sh\necho "+sp+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"xla:" + sp + "/jax_plugins/xla_cuda13/xla_cuda_plugin.so",
		sp + "/nvidia/cu13/lib:" + sp + "/nvidia/cudnn/lib:/opt/other/lib",
		"--xla_gpu_autotune_level=0 --xla_gpu_cuda_data_dir=" + sp + "/nvidia/cu13",
		"0",
	}
	for _, arg := range []string{sp, python} {
		raw, stderr, err := runGPUEnv(t, arg, false, "LD_LIBRARY_PATH=/opt/other/lib", "XLA_FLAGS=--xla_gpu_autotune_level=0")
		if err != nil {
			t.Fatalf("%s: %v: %s", arg, err, stderr)
		}
		lines := strings.Split(strings.TrimSpace(raw), "\n")
		for i, name := range []string{"GOMLX_BACKEND", "LD_LIBRARY_PATH", "XLA_FLAGS", "GOPJRT_CUDA_CHECKS"} {
			if i >= len(lines) || !strings.HasPrefix(lines[i], "export "+name+"=") {
				t.Fatalf("%s: output %q: line %d does not export %s", arg, raw, i+1, name)
			}
		}
		got, stderr, err := runGPUEnv(t, arg, true, "LD_LIBRARY_PATH=/opt/other/lib", "XLA_FLAGS=--xla_gpu_autotune_level=0")
		if err != nil {
			t.Fatalf("%s: evaluating the exports: %v: %s", arg, err, stderr)
		}
		if g := strings.Split(strings.TrimSuffix(got, "\n"), "\n"); strings.Join(g, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: exports\n%s\nwant\n%s", arg, strings.Join(g, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestGPUEnvReportsWhatIsMissing: without the plugin, NVIDIA's libraries
// or ptxas, the script exits non-zero with one line naming what it looked
// for, and prints no exports.
func TestGPUEnvReportsWhatIsMissing(t *testing.T) {
	for _, c := range []struct {
		omit []string
		want string
	}{
		{[]string{"jax_plugins/xla_cuda13/xla_cuda_plugin.so"}, "xla_cuda_plugin.so"},
		{[]string{"nvidia/cu13/lib/libcudart.so.13", "nvidia/cudnn/lib/libcudnn.so.9"}, "nvidia/*/lib"},
		{[]string{"nvidia/cu13/bin/ptxas"}, "bin/ptxas"},
	} {
		sp := fakeSitePackages(t, c.omit...)
		stdout, stderr, err := runGPUEnv(t, sp, false)
		if err == nil {
			t.Errorf("without %v: exit status 0, output %q", c.omit, stdout)
			continue
		}
		if stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "gpu-env.sh: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("without %v: stdout %q, stderr %q: want one line naming %s", c.omit, stdout, stderr, c.want)
		}
	}
}

// TestGPUEnvRefusesAComma: go-xla takes what follows a comma in
// GOMLX_BACKEND for the backend's options, so a plugin path with a comma
// cannot be named there; the script says so instead of printing it.
func TestGPUEnvRefusesAComma(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a,b")
	sp := fakeSitePackagesIn(t, dir)
	stdout, stderr, err := runGPUEnv(t, sp, false)
	if err == nil || stdout != "" || !strings.Contains(stderr, "comma") || !strings.Contains(stderr, dir) {
		t.Errorf("plugin under %s: error %v, stdout %q, stderr %q: want a refusal naming the comma and the path", dir, err, stdout, stderr)
	}
}
