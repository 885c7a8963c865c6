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
# Every target builds with GOEXPERIMENT=simd when the Go toolchain knows that
# experiment (Go 1.26 on amd64): the pure-Go backend's matrix products then use
# AVX2/AVX-512. SIMD=0, or a GOEXPERIMENT of your own, builds without it; make
# test also builds and tests the plain build (PLAIN_TESTS).

# GoNB (the Jupyter kernel) and goimports live in .bin.
export PATH := $(CURDIR)/.bin:$(PATH)

ifneq ($(SIMD),0)
ifeq ($(origin GOEXPERIMENT),undefined)
ifeq ($(shell GOEXPERIMENT=simd go env GOEXPERIMENT 2>/dev/null),simd)
export GOEXPERIMENT := simd
endif
endif
endif

# The packages whose tests also run in the plain build (no GOEXPERIMENT):
# everything that computes, without the notebooks and the command line, which
# run on the SIMD build only.
PLAIN_TESTS = ./csvgd/backend/... ./csvgd/internal/dotvjp ./csvgd/icnn ./csvgd/reference ./csvgd/stein ./csvgd/svn ./csvgd/condense ./csvgd/speed

.PHONY: setup test jupyter notebooks figures reproduce bench

setup:
	scripts/setup.sh

test: setup
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt -l reports:"; echo "$$files"; exit 1; fi
	@echo "GOEXPERIMENT=$(GOEXPERIMENT)"
	go vet ./...
	CSVGD_QUICK=1 CSVGD_REQUIRE_NOTEBOOKS=1 go test -timeout 20m ./...
ifneq ($(GOEXPERIMENT),)
	@echo "the plain build (no GOEXPERIMENT):"
	GOEXPERIMENT= go vet ./...
	GOEXPERIMENT= CSVGD_QUICK=1 go test -timeout 10m $(PLAIN_TESTS)
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
