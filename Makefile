# make setup      install Jupyter (nbconvert, notebook server), Chromium, GoNB and goimports
#                 (scripts/setup.sh)
# make test       gofmt, go vet, go test (notebooks executed in quick mode, headless and
#                 in a browser)
# make jupyter    open the notebooks: start the Jupyter server on 127.0.0.1 with the GoNB
#                 kernel and print its address (PORT=N picks the port, default 8888;
#                 CSVGD_QUICK=1 for quick mode)
# make notebooks  execute notebooks/*.ipynb into notebooks/executed/ (.ipynb + .html);
#                 full mode unless CSVGD_QUICK=1
# make figures    run every study and write its figures and tables to figures/ (csvgd
#                 reproduce; csvgd reproduce -h names them); figures/quick/ when
#                 CSVGD_QUICK=1; full mode also updates the generated blocks of docs/;
#                 JOBS=N trains N runs at once (default: the number of CPUs)
# make reproduce  figures + notebooks
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

.PHONY: setup test jupyter notebooks figures reproduce bench

setup:
	scripts/setup.sh

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

notebooks: setup
	go run ./internal/nbrun/cmd/nbrun -out notebooks/executed $(if $(JOBS),-jobs $(JOBS))

# Quick mode (CSVGD_QUICK=1) writes to figures/quick/, never over the full figures.
FIGURES_OUT = $(if $(filter 1 true,$(CSVGD_QUICK)),figures/quick,figures)

figures:
	go run ./csvgd/cmd/csvgd reproduce -out $(FIGURES_OUT) $(if $(JOBS),-jobs $(JOBS))

reproduce: figures notebooks

# make bench      time the Stein step (GoMLX graph vs the hand-written reference) and
#                 write the table into docs/speed.md's speed block
bench:
	go run ./csvgd/cmd/csvgd bench -doc docs/speed.md
