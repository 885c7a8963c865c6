#!/usr/bin/env bash
# The whole check of csvgd on an NVIDIA GPU, in two halves:
#
#   scripts/gpu-check.sh build [DIR]   where Go and a C compiler are: builds
#                                      the bundle DIR (default .gpu/)
#   scripts/gpu-check.sh run [DIR]     on the GPU machine, without Go: runs
#                                      the bundle DIR (default: the folder
#                                      of this script when it is a bundle,
#                                      else .gpu/ of the repository)
#
# build compiles with cgo (go-xla loads PJRT plugins through it), stripped,
# the command csvgd and the test binary of csvgd/reference, gzipped, and
# puts beside them this script, gpu-env.sh, bench/torch_step.py, the 10%
# noise data and build.json (commit, Go version, GOEXPERIMENT). The bundle
# is about 20 MB: copy it to the GPU machine with the repository or alone.
#
# run writes everything into the folder named by $OUT, or, when OUT is
# unset, into a new folder gpu-check-<UTC time> of the working directory,
# whose name it prints. Steps, each with its own time limit (seconds), cut
# to what is left of the run's budget (GPU_CHECK_BUDGET, 560 s), so that
# the last steps run as far as time allows; each step's output in NAME.out
# or NAME.json and its standard error in NAME.err:
#
#   nvidia-smi  the GPU and its driver                                   10
#   env         a Python whose site-packages hold JAX's CUDA plugin      15
#               ($PYTHON, else python3 on PATH and the usual venvs),
#               gpu-env.sh's exports, the jax/torch/nvidia packages and
#               the plugin's ldd
#   unpack      the binaries, and their ldd                              10
#   smoke       csvgd bench with 2 particles at width 4 on the plugin    60
#   xla-tests   TestXLAStepMatchesReference, TestXLACondensedStresses    75
#               (csvgd/reference), then csvgd/stein's tests of the steps
#               in calls of many (the loop in the graph, the median on
#               the device) against single steps and the host
#   bench       csvgd bench -particles 10,100,1000 -widths 30,4 -json   150
#               (a step per call and in calls of 100; CPU profile,
#               bench.pprof)
#   bench10k    csvgd bench -particles 10000 -widths 30,4, the graph      90
#               only (bench10k.json)
#   train       csvgd train: 100 particles, cSVGD, alpha 1/2,           100
#               lambda 0.05, timed, compile time per stage; the graphs
#               compiled once at the first stage's shapes (-shapes fixed)
#   jax         bench/jax_step.py, the same step in JAX (jit, the       150
#               median on the device; a step per call and 100 per call
#               in a fori_loop) at 10, 100, 1000 and 10000 particles,
#               checked first against the hand-written reference
#               (check-10x4.json, which build writes)
#   torch       bench/torch_step.py, the same step in PyTorch, on the    70
#               same GPU (CUDA device 0), at the sizes of bench, checked
#               the same way
#   bench-chained  csvgd bench -particles 10,100 -widths 30,4            90
#               -steps-mode chained: the steps without the While loop,
#               one execution per step (is the loop what a call costs?)
#   bench-sort  csvgd bench -particles 100,1000 -widths 30,4 -median     90
#               sort: the bandwidth's median by XLA's sort instead of the
#               radix selection (which is faster on the GPU?)
#   train-template  the run of train with each template's graphs          100
#               compiled at its own shapes (-shapes template)
#
# A failing or timed-out step is logged with its error (the end of its
# standard error) and the next step runs; steps that need the plugin are
# skipped when no Python with it was found. gpu-check.log has the log,
# summary.json one object with every step's status, time and error,
# rewritten after each step. Exit status 0 when every step passed, 1
# otherwise, 2 for bad usage.
#
# Environment: OUT (the output folder), PYTHON (the Python to use),
# XLA_FLAGS (kept, e.g. --xla_gpu_autotune_level=0), TF_CPP_MIN_LOG_LEVEL
# (default 1 here: XLA's warnings and errors reach NAME.err),
# GPU_CHECK_JAX_PARTICLES (the JAX step's sizes, default 10,100,1000,10000),
# GPU_CHECK_BUDGET (seconds for the whole run, default 560) and
# GPU_CHECK_TIMEOUT_<STEP> (one step's limit, e.g. GPU_CHECK_TIMEOUT_BENCH).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

die() {
	echo "gpu-check.sh: $*" >&2
	exit "${2:-1}"
}

usage() {
	echo "usage: gpu-check.sh build [DIR] | run [DIR]" >&2
	exit 2
}

# ---------------------------------------------------------------- build


build() {
	local root dir
	root=$(cd "$here/.." && pwd)
	[ -f "$root/go.mod" ] || die "$root has no go.mod: build runs from the repository's scripts/ folder"
	dir=${1:-$root/.gpu}
	if [ -e "$dir" ] && [ ! -f "$dir/build.json" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
		die "$dir exists and is not a bundle of this script (no build.json): not overwritten"
	fi
	command -v go >/dev/null || die "go not found: build needs the Go toolchain (run it where Go is, then copy the bundle)"
	[ -n "${GOTOOLCHAIN:-}" ] || export GOTOOLCHAIN=$("$here/toolchain.sh") # as the Makefile
	if [ -z "${GOEXPERIMENT+x}" ] && [ "${SIMD:-1}" != 0 ]; then
		GOEXPERIMENT=$("$here/goexperiment.sh") # as the Makefile builds
		export GOEXPERIMENT
	fi
	mkdir -p "$dir/data/hyperelastic" || die "cannot create $dir"
	tmp=$(mktemp -d) || die "mktemp failed"
	trap 'rm -rf "$tmp"' EXIT
	(
		cd "$root" &&
			echo "gpu-check.sh: building csvgd and the csvgd/reference tests (cgo, GOEXPERIMENT=${GOEXPERIMENT:-})" >&2 &&
			CGO_ENABLED=1 go build -trimpath -ldflags='-s -w' -o "$tmp/csvgd" ./csvgd/cmd/csvgd &&
			CGO_ENABLED=1 go test -c -trimpath -ldflags='-s -w' -o "$tmp/reference.test" ./csvgd/reference &&
			CGO_ENABLED=1 go test -c -trimpath -ldflags='-s -w' -o "$tmp/stein.test" ./csvgd/stein
	) || die "the build failed (it needs cgo: CGO_ENABLED=1 and a C compiler such as gcc)"
	local b
	for b in csvgd reference.test stein.test; do
		gzip -9 -c "$tmp/$b" >"$dir/$b.gz" || die "gzip failed"
	done
	rm -f "$dir/check-10x4.json"
	(cd "$root" && "$tmp/csvgd" bench -particles 10 -widths 4 -check-out "$dir/check-10x4.json" 2>/dev/null) ||
		die "writing the reference's check of the step failed"
	cp "$here/gpu-check.sh" "$here/gpu-env.sh" "$root/bench/torch_step.py" "$root/bench/jax_step.py" "$root/bench/stepdata.py" "$dir/" ||
		die "copying the scripts failed"
	rm -rf "$dir/data/hyperelastic/noise-0.10"
	cp -R "$root/data/hyperelastic/noise-0.10" "$dir/data/hyperelastic/" || die "copying the data failed"
	local commit dirty=false
	commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
	[ -z "$(git -C "$root" status --porcelain 2>/dev/null)" ] || dirty=true
	cat >"$dir/build.json" <<EOF
{
  "commit": $(json_str "$commit"),
  "dirty": $dirty,
  "go": $(json_str "$(go version)"),
  "goexperiment": $(json_str "${GOEXPERIMENT:-}"),
  "built": $(json_str "$(date -u +%Y-%m-%dT%H:%M:%SZ)")
}
EOF
	local size
	size=$(du -sk "$dir" | cut -f1)
	echo "gpu-check.sh: bundle $dir, $((size / 1024)) MiB; on the GPU machine: bash $dir/gpu-check.sh run" >&2
}

# ---------------------------------------------------------------- run

# json_str prints s as a JSON string.
json_str() {
	json_quote "$1"
	printf '%s' "$REPLY"
}

# json_quote sets REPLY to s as a JSON string (no subshell: the summary is
# rewritten after every step).
json_quote() {
	local s=$1
	s=${s//\\/\\\\}
	s=${s//\"/\\\"}
	s=${s//$'\n'/\\n}
	s=${s//$'\t'/\\t}
	s=${s//$'\r'/\\r}
	s=${s//[$'\001'-$'\010'$'\013'$'\014'$'\016'-$'\037']/}
	REPLY="\"$s\""
}

# json_fields sets REPLY to the members "k": "v", of the pairs k v given,
# each on its own line, with a comma after each.
json_fields() {
	local fields="" line
	while [ $# -ge 2 ]; do
		json_quote "$2"
		printf -v line '\n  "%s": %s,' "$1" "$REPLY"
		fields+=$line
		shift 2
	done
	REPLY=$fields
}

log() {
	printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$OUT/gpu-check.log" >&2
}

# State of the run, for summary.json.
steps_json=()
failed=0
gpu="" python="" torch_python="" backend_line="" packages=""

# write_summary rewrites summary.json from the steps so far; "final" when
# the run is over.
write_summary() {
	local done=false passed=false steps
	[ "${1:-}" = final ] && done=true
	[ "$done" = true ] && [ "$failed" = 0 ] && passed=true
	json_fields started "$started" out "$OUT" host "$host" gpu "$gpu" python "$python" torch_python "$torch_python" \
		packages "$packages" gomlx_backend "${GPU_ENV_BACKEND:-}" xla_flags "${GPU_ENV_XLA_FLAGS:-}" backend "$backend_line"
	local IFS=,
	steps="${steps_json[*]}"
	printf '{\n  "passed": %s,\n  "finished": %s,\n  "seconds": %s,\n  "cpus": %s,%s\n  "bundle": %s,\n  "steps": [%s\n  ]\n}\n' \
		"$passed" "$done" "$SECONDS" "$cpus" "$REPLY" "$bundle_json" "$steps" >"$OUT/summary.json.tmp"
	mv "$OUT/summary.json.tmp" "$OUT/summary.json"
}

# limit prints the time limit of step $1 (default $2): its override, cut
# to what is left of the budget.
limit() {
	local var=GPU_CHECK_TIMEOUT_${1^^}
	var=${var//-/_}
	local t=${!var:-$2} left=$((budget - SECONDS))
	[ "$t" -le "$left" ] || t=$left
	echo "$t"
}

# record appends one step to the summary and the log.
record() {
	local name=$1 status=$2 rc=$3 secs=$4 lim=$5 stdout=$6 error=$7 cmd=$8
	[ "$status" = passed ] || failed=1
	if [ "$status" = passed ]; then
		log "step $name: passed in ${secs}s"
	else
		log "step $name: $status (rc $rc, ${secs}s of ${lim}s): ${error}"
	fi
	local fields one
	json_fields name "$name" status "$status" command "$cmd" stdout "$stdout" stderr "$name.err" error "$error"
	fields=${REPLY//$'\n'  /' '}
	printf -v one '\n    {"rc": %s, "seconds": %s, "limit_s": %s,%s}' "$rc" "$secs" "$lim" "${fields%,}"
	steps_json+=("$one")
	write_summary
}

# skip records step $1 as skipped for reason $2.
skip() {
	record "$1" skipped -1 0 0 "" "$2" ""
}

# tail_of prints the last lines of a step's standard error (else of its
# output): the error that stopped it.
tail_of() {
	local f=$OUT/$1.err
	[ -s "$f" ] || f=$OUT/$2
	[ -s "$f" ] && tail -n 15 "$f"
}

# step NAME DEFAULT_LIMIT STDOUT_FILE CHECK -- COMMAND...: runs the command
# with its time limit, standard output into STDOUT_FILE and standard error
# into NAME.err, then the function CHECK (or "-"), which may reject the
# result by printing why and returning non-zero.
step() {
	local name=$1 lim out=$3 check=$4
	lim=$(limit "$1" "$2")
	shift 5
	if [ "$lim" -le 0 ]; then
		skip "$name" "no time left of the ${budget}s budget"
		return
	fi
	local shown=() a
	for a in "$@"; do
		case $a in env | [A-Z_]*=*) [ ${#shown[@]} = 0 ] && continue ;; esac
		shown+=("$a")
	done
	log "step $name (limit ${lim}s): ${shown[*]}"
	local t0=$SECONDS rc status=passed error=""
	timeout -k 5 "$lim" "$@" >"$OUT/$out" 2>"$OUT/$name.err"
	rc=$?
	local secs=$((SECONDS - t0))
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		status="timed out"
		error="timed out after ${lim}s; last lines: $(tail_of "$name" "$out")"
	elif [ "$rc" != 0 ]; then
		status=failed
		error=$(tail_of "$name" "$out")
		[ -n "$error" ] || error="exit status $rc, no output"
	elif [ "$check" != - ] && ! error=$("$check" "$OUT/$out" "$OUT/$name.err"); then
		status=failed
	fi
	record "$name" "$status" "$rc" "$secs" "$lim" "$out" "$error" "${shown[*]}"
}

# Checks of the steps' results.
check_nvidia_smi() {
	grep -q NVIDIA-SMI "$1" || {
		echo "nvidia-smi printed no NVIDIA-SMI banner"
		return 1
	}
}
check_backend() {
	grep -q "GoMLX backend xla:" "$2" || {
		echo "the run did not announce an XLA backend: $(grep "GoMLX backend" "$2" | head -n 1)"
		return 1
	}
	grep -q '"results"' "$1" || {
		echo "no results in the JSON output"
		return 1
	}
}
check_tests() {
	local t missing=""
	for t in TestXLAStepMatchesReference TestXLACondensedStresses TestStepsModesAgree TestStepsStopAtTheFirstNonFiniteStep \
		TestDeviceBandwidthMatchesTheHost TestOrderStatisticsMatchTheHost TestFlowMatchesHostBandwidth TestHeldCoordinatesStay; do
		grep -q -- "--- PASS: $t " "$1" || missing="$missing $t"
	done
	[ -z "$missing" ] || {
		echo "not passed:$missing; $(grep -h -e '--- SKIP' -e 'SKIP:' -e '--- FAIL' "$1" | head -n 3)"
		return 1
	}
}
check_train() {
	grep -q "GoMLX backend xla:" "$2" && grep -q '"iterations"' "$1" || {
		echo "no XLA backend announced or no iterations in the JSON output"
		return 1
	}
}
# check_python: the JSON of bench/torch_step.py or bench/jax_step.py has
# results, and its check against the reference agrees to 1e-9.
check_python() {
	grep -q '"results"' "$1" && grep -q '"device"' "$1" || {
		echo "no results in the JSON output"
		return 1
	}
	local diff
	diff=$(sed -n 's/.*"max_rel_diff": *\([-0-9.eE+]*\).*/\1/p' "$1" | head -n 1)
	[ -n "$diff" ] && awk -v d="$diff" 'BEGIN { exit !(d <= 1e-9) }' || {
		echo "the step differs from the reference's by ${diff:-(no check)} relative, want <= 1e-9"
		return 1
	}
}

# python_candidates lists the Pythons to try: $PYTHON alone when set.
python_candidates() {
	if [ -n "${PYTHON:-}" ]; then
		echo "$PYTHON"
		return
	fi
	local c
	for c in python3 python; do
		command -v "$c" 2>/dev/null
	done
	for c in /opt/torch/.venv/bin/python3 /opt/*/.venv/bin/python3 /opt/*/venv/bin/python3 /opt/*/bin/python3 \
		/opt/conda/bin/python3 "${HOME:-/root}"/.venv/bin/python3 "${HOME:-/root}"/venv/bin/python3 \
		/usr/local/bin/python3 /usr/bin/python3; do
		[ -x "$c" ] && echo "$c"
	done
}

# find_env picks the first Python whose installation gpu-env.sh accepts,
# the first that has torch, and the exports (the env step).
find_env() {
	local t0=$SECONDS name=env lim exports="" c errors="" seen=" "
	lim=$(limit env 15)
	log "step env (limit ${lim}s): a Python with JAX's CUDA plugin; gpu-env.sh"
	local candidates
	mapfile -t candidates < <(python_candidates)
	for c in "${candidates[@]}"; do
		case $seen in *" $c "*) continue ;; esac
		seen="$seen$c "
		if [ -z "$python" ]; then
			local got
			if got=$(timeout 10 bash "$bundle/gpu-env.sh" "$c" 2>"$work/gpu-env.err"); then
				python=$c exports=$got
			else
				errors="$errors$c: $(cat "$work/gpu-env.err")"$'\n'
			fi
		fi
		if [ -z "$torch_python" ] && timeout 10 "$c" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("torch") is None)' 2>/dev/null; then
			torch_python=$c
		fi
		[ -n "$python" ] && [ -n "$torch_python" ] && break
	done
	printf '%s' "$errors" >>"$OUT/env.err"
	{
		echo "python: ${python:-none} (candidates: ${candidates[*]:-none})"
		echo "python with torch: ${torch_python:-none}"
		echo "$exports"
	} >"$OUT/env.out"
	if [ -z "$python" ]; then
		record env failed 1 $((SECONDS - t0)) "$lim" env.out "no Python with JAX's CUDA plugin and NVIDIA's libraries: ${errors:-no Python found}" "gpu-env.sh"
		return
	fi
	mapfile -d '' -t GPU_ENV < <(eval "$exports" && printf '%s\0' "GOMLX_BACKEND=$GOMLX_BACKEND" "LD_LIBRARY_PATH=$LD_LIBRARY_PATH" \
		"XLA_FLAGS=$XLA_FLAGS" "GOPJRT_CUDA_CHECKS=$GOPJRT_CUDA_CHECKS" "TF_CPP_MIN_LOG_LEVEL=${TF_CPP_MIN_LOG_LEVEL:-1}")
	GPU_ENV_BACKEND=${GPU_ENV[0]#GOMLX_BACKEND=}
	GPU_ENV_XLA_FLAGS=${GPU_ENV[2]#XLA_FLAGS=}
	packages=$(timeout 10 "$python" -c 'import importlib.metadata as m, platform
names = sorted({(d.metadata["Name"] or "").lower() + " " + d.version for d in m.distributions()
                if (d.metadata["Name"] or "").lower().startswith(("jax", "torch", "nvidia"))})
print("python " + platform.python_version() + "; " + ", ".join(names))' 2>>"$OUT/env.err")
	echo "packages: $packages" >>"$OUT/env.out"
	local plugin=${GPU_ENV_BACKEND#xla:}
	env "${GPU_ENV[@]}" ldd "$plugin" >"$OUT/plugin-ldd.txt" 2>&1
	if grep -q "not found" "$OUT/plugin-ldd.txt"; then
		echo "the plugin's ldd lists missing libraries: $(grep "not found" "$OUT/plugin-ldd.txt" | tr -s ' \t\n' ' ')" >>"$OUT/env.err"
	fi
	record env passed 0 $((SECONDS - t0)) "$lim" env.out "" "gpu-env.sh $python"
}

run() {
	bundle=${1:-}
	if [ -z "$bundle" ]; then
		if [ -f "$here/build.json" ]; then bundle=$here; else bundle=$here/../.gpu; fi
	fi
	[ -f "$bundle/build.json" ] || die "$bundle is not a bundle (no build.json): make one with 'scripts/gpu-check.sh build' where Go is" 2
	bundle=$(cd "$bundle" && pwd)
	started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	if [ -n "${OUT:-}" ]; then
		mkdir -p "$OUT" || die "cannot create OUT=$OUT"
		[ ! -e "$OUT/gpu-check.log" ] || die "$OUT holds an earlier check (gpu-check.log): not overwritten; set OUT to another folder"
	else
		OUT=$PWD/gpu-check-$(date -u +%Y%m%dT%H%M%SZ)
		mkdir "$OUT" || die "cannot create $OUT"
	fi
	OUT=$(cd "$OUT" && pwd)
	bundle_json=$(cat "$bundle/build.json")
	echo "gpu-check.sh: writing to $OUT" >&2
	budget=${GPU_CHECK_BUDGET:-560}
	host=$(hostname 2>/dev/null) cpus=$(nproc 2>/dev/null || echo 0)
	work=$(mktemp -d) || die "mktemp failed"
	trap 'rm -rf "$work"' EXIT
	export CSVGD_ROOT=$bundle # the data the tests and csvgd train read
	log "bundle $bundle ($(tr -d '\n' <"$bundle/build.json"))"
	GPU_ENV=()

	step nvidia-smi 10 nvidia-smi.out check_nvidia_smi -- nvidia-smi
	gpu=$(timeout 10 nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader 2>/dev/null | head -n 1)
	find_env
	# shellcheck disable=SC2016 # the inner script reads its own arguments
	step unpack 10 unpack.out - -- bash -c 'for b in csvgd reference.test stein.test; do gunzip -c "$1/$b.gz" >"$2/$b" && chmod +x "$2/$b" || exit; done; ldd "$2/csvgd"; true' \
		unpack "$bundle" "$work"

	local csvgd=$work/csvgd
	if [ ${#GPU_ENV[@]} = 0 ]; then
		local s why="no Python with JAX's CUDA plugin (step env)"
		for s in smoke xla-tests bench bench10k train; do skip "$s" "$why"; done
	else
		step smoke 60 smoke.json check_backend -- env "${GPU_ENV[@]}" "$csvgd" bench -particles 2 -widths 4 -time 10ms -min-iters 2 -json
		backend_line=$(grep -m 1 "GoMLX backend" "$OUT/smoke.err" 2>/dev/null)
		local tl
		tl=$(limit xla-tests 75)
		# shellcheck disable=SC2016 # the inner script reads its own arguments
		step xla-tests 75 xla-tests.out check_tests -- env "${GPU_ENV[@]}" bash -c '"$1/reference.test" -test.v -test.count=1 \
			-test.run "^(TestXLAStepMatchesReference|TestXLACondensedStresses)$" -test.timeout "$2";
			"$1/stein.test" -test.v -test.count=1 -test.timeout "$2" \
			-test.run "^(TestStepsModesAgree|TestStepsStopAtTheFirstNonFiniteStep|TestDeviceBandwidthMatchesTheHost|TestOrderStatisticsMatchTheHost|TestFlowMatchesHostBandwidth|TestHeldCoordinatesStay)$"' \
			xla-tests "$work" "$((tl > 10 ? tl / 2 - 5 : tl))s"
		step bench 150 bench.json check_backend -- env "${GPU_ENV[@]}" "$csvgd" bench -particles 10,100,1000 -widths 30,4 -json \
			-cpuprofile "$OUT/bench.pprof"
		step bench10k 90 bench10k.json check_backend -- env "${GPU_ENV[@]}" "$csvgd" bench -particles 10000 -widths 30,4 -json \
			-no-reference -steps 10 -time 2s -min-iters 3
		step train 100 train.json check_train -- env "${GPU_ENV[@]}" "$csvgd" train -particles 100 -alpha 0.5 -lambda 0.05 -shapes fixed -quiet -json
	fi
	if [ -z "$python" ]; then
		skip jax "no Python with JAX's CUDA plugin (step env)"
	else
		step jax 150 jax.json check_python -- env "${GPU_ENV[@]}" "$python" "$bundle/jax_step.py" --particles "${GPU_CHECK_JAX_PARTICLES:-10,100,1000,10000}" \
			--width 30,4 --calls-of 100 --data "$bundle/data/hyperelastic/noise-0.10/train.csv" --check "$bundle/check-10x4.json"
	fi
	if [ -z "$torch_python" ]; then
		skip torch "no Python with torch (step env)"
	else
		step torch 70 torch.json check_python -- "$torch_python" "$bundle/torch_step.py" --particles 10,100,1000 --width 30,4 \
			--device cuda --data "$bundle/data/hyperelastic/noise-0.10/train.csv" --check "$bundle/check-10x4.json"
	fi
	if [ ${#GPU_ENV[@]} = 0 ]; then
		for s in bench-chained bench-sort train-template; do skip "$s" "no Python with JAX's CUDA plugin (step env)"; done
	else
		step bench-chained 90 bench-chained.json check_backend -- env "${GPU_ENV[@]}" "$csvgd" bench -particles 10,100 -widths 30,4 -json \
			-no-reference -steps-mode chained
		step bench-sort 90 bench-sort.json check_backend -- env "${GPU_ENV[@]}" "$csvgd" bench -particles 100,1000 -widths 30,4 -json \
			-no-reference -median sort
		step train-template 100 train-template.json check_train -- env "${GPU_ENV[@]}" "$csvgd" train -particles 100 -alpha 0.5 -lambda 0.05 -shapes template -quiet -json
	fi
	write_summary final
	if [ "$failed" = 0 ]; then
		log "all steps passed; summary in $OUT/summary.json"
	else
		log "some steps did not pass; summary in $OUT/summary.json"
	fi
	return "$failed"
}

case ${1:-} in
build)
	[ $# -le 2 ] || usage
	build "${2:-}"
	;;
run)
	[ $# -le 2 ] || usage
	run "${2:-}"
	;;
*) usage ;;
esac
