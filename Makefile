# make setup      install Jupyter (nbconvert, notebook server), Chromium, GoNB and goimports
#                 (scripts/setup.sh); the targets that only execute notebooks install
#                 nbconvert alone (scripts/setup.sh notebooks)
# make test       gofmt, go vet, go test (notebooks executed in quick mode, headless and
#                 in a browser)
# make jupyter    open the notebooks: start the Jupyter server on 127.0.0.1 with the GoNB
#                 kernel and print its address (PORT=N picks the port, default 8888;
#                 CSVGD_QUICK=1 for quick mode)
# make reproduce  the paper: its figures and tables (Secs. 3-5) into figures/ and docs/,
#                 then notebooks 01-07 executed in place (csvgd reproduce -part paper;
#                 nbrun -keep -part paper)
# make beyond     what lies beyond the paper: the NUTS references, the Newton study, the
#                 variance collapse, their figures and tables, notebooks 08 and up
#                 executed in place (-part beyond); the same cache as make reproduce
# make notebooks  execute every notebook in place (full mode: the repository keeps them
#                 executed), or NOTEBOOKS="notebooks/04-graph-condensation.ipynb ..."
#                 only; CSVGD_QUICK=1 writes quick copies to notebooks/executed/quick/
#                 instead; HTML renders go to notebooks/executed/
# make figures    run every study of both parts and write its figures and tables to
#                 figures/ (csvgd reproduce; csvgd reproduce -h names them)
#
# Quick mode (CSVGD_QUICK=1): reduced studies, figures into figures/quick/, notebooks
# into notebooks/executed/quick/, never over the full ones; full mode also updates
# the generated blocks of docs/. JOBS=N trains N runs (and executes N notebooks) at
# once (default: the number of CPUs).
#
# The Go toolchain: go.mod's toolchain line (Go 1.27, which GoMLX v0.28.16
# needs); the go command fetches that release from the module proxy once
# (about 10 s) when the installed one differs. A GOTOOLCHAIN of your own in
# the environment is kept.
export GOTOOLCHAIN := $(or $(filter-out auto,$(GOTOOLCHAIN)),$(shell scripts/toolchain.sh))

# Every target builds with the GOEXPERIMENT that is fastest on this machine
# (scripts/goexperiment.sh): "simd" on an x86-64 processor with AVX2 where the
# toolchain has the experiment (the pure-Go backend's matrix products then
# use AVX2 or AVX-512), the plain build elsewhere (docs/speed.md, "SIMD by
# processor"). SIMD=1 forces the SIMD build, SIMD=0 the plain one, a
# GOEXPERIMENT of your own is kept; make test also builds and tests the other
# build (OTHER_TESTS).
ifeq ($(origin GOEXPERIMENT),undefined)
ifeq ($(SIMD),1)
export GOEXPERIMENT := simd
else ifneq ($(SIMD),0)
export GOEXPERIMENT := $(shell scripts/goexperiment.sh)
endif
endif
OTHER_EXPERIMENT = $(if $(GOEXPERIMENT),,$(shell GOEXPERIMENT=simd go env GOEXPERIMENT 2>/dev/null | grep -x simd))

# The packages whose tests also run in the other build (the plain one after
# the SIMD build, the SIMD one after the plain build where the toolchain has
# it): everything that computes, without the notebooks and the command line.
OTHER_TESTS = ./csvgd/backend/... ./csvgd/internal/dotvjp ./csvgd/icnn ./csvgd/reference ./csvgd/stein ./csvgd/svn ./csvgd/condense ./csvgd/speed ./csvgd/train ./csvgd/dense ./csvgd/regress

.PHONY: setup setup-notebooks test jupyter notebooks figures reproduce beyond bench

setup:
	scripts/setup.sh

setup-notebooks:
	scripts/setup.sh notebooks

test: setup
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt -l reports:"; echo "$$files"; exit 1; fi
	@echo "GOEXPERIMENT=$(GOEXPERIMENT)"
	go vet ./...
	CSVGD_QUICK=1 CSVGD_REQUIRE_NOTEBOOKS=1 go test -timeout 20m ./...
ifneq ($(GOEXPERIMENT),$(OTHER_EXPERIMENT))
	@echo "the other build (GOEXPERIMENT=$(OTHER_EXPERIMENT)):"
	GOEXPERIMENT=$(OTHER_EXPERIMENT) go vet ./...
	GOEXPERIMENT=$(OTHER_EXPERIMENT) CSVGD_QUICK=1 go test -timeout 10m $(OTHER_TESTS)
endif

jupyter: setup
	go run ./internal/nbrun/cmd/jupyter -port $(or $(PORT),8888)

# Quick mode (CSVGD_QUICK=1) writes to figures/quick/ and notebooks/executed/quick/,
# never over the full figures and the notebooks kept executed.
QUICK = $(filter 1 true,$(CSVGD_QUICK))
FIGURES_OUT = $(if $(QUICK),figures/quick,figures)
JOBS_FLAG = $(if $(JOBS),-jobs $(JOBS))
CSVGD = go run ./csvgd/cmd/csvgd
NBRUN = go run ./internal/nbrun/cmd/nbrun $(if $(QUICK),-out notebooks/executed/quick,-keep) $(JOBS_FLAG)

notebooks: setup-notebooks
	$(NBRUN) $(NOTEBOOKS)

figures:
	$(CSVGD) reproduce -out $(FIGURES_OUT) $(JOBS_FLAG)

reproduce: setup-notebooks
	$(CSVGD) reproduce -part paper -out $(FIGURES_OUT) $(JOBS_FLAG)
	$(NBRUN) -part paper

beyond: setup-notebooks
	$(CSVGD) reproduce -part beyond -out $(FIGURES_OUT) $(JOBS_FLAG)
	$(NBRUN) -part beyond

# make bench      time the Stein step (GoMLX graph vs the hand-written reference) and
#                 write the table into docs/speed.md's speed block
bench:
	go run ./csvgd/cmd/csvgd bench -doc docs/speed.md
