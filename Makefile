# make setup      install Jupyter nbconvert, GoNB and goimports (scripts/setup.sh)
# make test       gofmt, go vet, go test (notebooks executed in quick mode)
# make notebooks  execute notebooks/*.ipynb into notebooks/executed/ (.ipynb + .html);
#                 full mode unless CSVGD_QUICK=1
# make figures    run every study and write the 13 figures and results.md to figures/
#                 (figures/quick/ when CSVGD_QUICK=1); full mode also updates README's results
# make reproduce  figures + notebooks

# GoNB (the Jupyter kernel) and goimports live in .bin.
export PATH := $(CURDIR)/.bin:$(PATH)

.PHONY: setup test notebooks figures reproduce bench

setup:
	scripts/setup.sh

test: setup
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "gofmt -l reports:"; echo "$$files"; exit 1; fi
	go vet ./...
	CSVGD_QUICK=1 CSVGD_REQUIRE_NOTEBOOKS=1 go test -timeout 20m ./...

notebooks: setup
	go run ./internal/nbrun/cmd/nbrun -out notebooks/executed

# Quick mode (CSVGD_QUICK=1) writes to figures/quick/, never over the full figures.
FIGURES_OUT = $(if $(filter 1 true,$(CSVGD_QUICK)),figures/quick,figures)

figures:
	go run ./csvgd/cmd/csvgd reproduce -out $(FIGURES_OUT)

reproduce: figures notebooks

# make bench      time the Stein step (GoMLX graph vs the hand-written reference) and
#                 write the table into README's speed block
bench:
	go run ./csvgd/cmd/csvgd bench -readme README.md
