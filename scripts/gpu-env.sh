#!/usr/bin/env bash
# Prints the environment that runs csvgd on an NVIDIA GPU through JAX's CUDA
# PJRT plugin (GoMLX's XLA backend, go-xla v0.4.1), as export lines for eval:
#
#   eval "$(scripts/gpu-env.sh /path/to/venv/bin/python3)"
#   eval "$(scripts/gpu-env.sh /path/to/site-packages)"
#
# With no argument it asks python3 on PATH. It finds, in that Python's
# site-packages:
#   - the plugin, jax_plugins/xla_cuda*/xla_cuda_plugin.so (packages
#     jax-cuda13-pjrt or jax-cuda12-pjrt), named by its absolute path in
#     GOMLX_BACKEND=xla:/abs/path. go-xla loads such a path as it is; its
#     search by name (xla:cuda, PJRT_PLUGIN_LIBRARY_PATH) finds only files
#     called pjrt_c_api_*_plugin.so, pjrt_plugin_*.so or pjrt-plugin-*.so.
#     "cuda" in the path is how go-xla tells a CUDA plugin: it then asks it
#     not to preallocate GPU memory and lets float32 products use TF32
#     (options preallocate=true and tf32=false, after a comma, undo that);
#   - NVIDIA's libraries, every nvidia/*/lib, put in front of LD_LIBRARY_PATH
#     (under Python, JAX loads them before the plugin; go-xla sets no
#     library path);
#   - the CUDA folder holding bin/ptxas and nvvm/libdevice/libdevice.10.bc
#     (nvidia/cu13, nvidia/cuda_nvcc, else $CUDA_HOME or /usr/local/cuda),
#     given to XLA as --xla_gpu_cuda_data_dir in XLA_FLAGS (after the flags
#     already there; a data folder already named there is kept);
# and sets GOPJRT_CUDA_CHECKS=0. Without it go-xla, after loading a plugin
# with "cuda" in its name, looks for a folder nvidia/ beside the plugin's
# folder to name in that flag: for JAX that is jax_plugins/nvidia, which
# does not exist, so it only prints a warning advising a symbolic link.
# (It never replaces a data folder already in XLA_FLAGS.) The binary must
# be built with cgo (CGO_ENABLED=1 and a C compiler). Anything missing is
# one line on stderr and exit status 1.
set -euo pipefail

fail() {
	echo "gpu-env.sh: $*" >&2
	exit 1
}

# site_packages prints the folders where the Python of $1 installs packages.
site_packages() {
	"$1" -c 'import sysconfig
paths = sysconfig.get_paths()
for p in dict.fromkeys([paths["purelib"], paths["platlib"]]):
    print(p)' || fail "$1 did not say where its packages are"
}

# find_plugin prints the newest JAX CUDA plugin under the folders given.
find_plugin() {
	local found=()
	for sp in "$@"; do
		for f in "$sp"/jax_plugins/xla_cuda*/xla_cuda_plugin.so; do
			[ -f "$f" ] && found+=("$f")
		done
	done
	[ ${#found[@]} -gt 0 ] || fail "no JAX CUDA plugin (jax_plugins/xla_cuda*/xla_cuda_plugin.so) in $*: install jax[cuda13] (jax-cuda13-pjrt) for that Python"
	printf '%s\n' "${found[@]}" | sort -V | tail -n 1
}

# cuda_dir prints the first folder that holds ptxas and libdevice.
cuda_dir() {
	local sp=$1
	for d in "$sp"/nvidia/cu13 "$sp"/nvidia/cuda_nvcc "$sp"/nvidia/* "${CUDA_HOME:-}" /usr/local/cuda; do
		if [ -n "$d" ] && [ -x "$d/bin/ptxas" ] && [ -f "$d/nvvm/libdevice/libdevice.10.bc" ]; then
			echo "$d"
			return
		fi
	done
	fail "no CUDA folder with bin/ptxas and nvvm/libdevice/libdevice.10.bc in $sp/nvidia/*, \$CUDA_HOME or /usr/local/cuda: install nvidia-cuda-nvcc for that Python, or set CUDA_HOME"
}

main() {
	[ $# -le 1 ] || fail "usage: gpu-env.sh [PYTHON | SITE_PACKAGES_DIR]"
	local arg=${1:-python3} dirs=() listed
	if [ -d "$arg" ]; then
		dirs=("$arg")
	else
		command -v "$arg" >/dev/null || fail "$arg: neither a folder nor a Python interpreter"
		listed=$(site_packages "$arg")
		mapfile -t dirs <<<"$listed"
	fi
	local plugin sp
	plugin=$(find_plugin "${dirs[@]}")
	plugin=$(cd "$(dirname "$plugin")" && pwd -P)/$(basename "$plugin")
	case $plugin in *,*) fail "$plugin: go-xla reads a comma in GOMLX_BACKEND as the start of the backend's options" ;; esac
	sp=$(dirname "$(dirname "$(dirname "$plugin")")")

	local libs=()
	for d in "$sp"/nvidia/*/lib; do
		[ -d "$d" ] && libs+=("$d")
	done
	[ ${#libs[@]} -gt 0 ] || fail "no NVIDIA libraries (nvidia/*/lib) in $sp: install jax[cuda13], which brings them"
	local ld
	ld=$(IFS=:; echo "${libs[*]}")
	if [ -n "${LD_LIBRARY_PATH:-}" ]; then
		ld=$ld:$LD_LIBRARY_PATH
	fi

	local cuda flags=${XLA_FLAGS:-}
	cuda=$(cuda_dir "$sp")
	case $flags in
	*--xla_gpu_cuda_data_dir*) ;;
	"") flags=--xla_gpu_cuda_data_dir=$cuda ;;
	*) flags="$flags --xla_gpu_cuda_data_dir=$cuda" ;;
	esac

	printf 'export GOMLX_BACKEND=%q\n' "xla:$plugin"
	printf 'export LD_LIBRARY_PATH=%q\n' "$ld"
	printf 'export XLA_FLAGS=%q\n' "$flags"
	printf 'export GOPJRT_CUDA_CHECKS=0\n'
}

main "$@"
