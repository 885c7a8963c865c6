// Package nbrun executes the repository's GoNB (Go Jupyter kernel) notebooks
// headless and checks the result.
//
// Notebooks are run with Jupyter's nbconvert ("/usr/bin/jupyter nbconvert
// --to notebook --execute"), through the "gonb" kernel that scripts/setup.sh
// builds into the repository's .bin folder and registers with Jupyter.
//
// nbconvert alone is not a sufficient test: a Go panic, os.Exit(n), log.Fatal
// or a failing "!shell" line inside a cell only prints "exit status N" to the
// cell's stderr and nbconvert still exits 0. [Check] therefore reads the
// executed notebook and reports
//
//   - outputs of type "error" (compile errors, kernel errors),
//   - stderr stream lines that are exactly "exit status N",
//
// and [CountImages] counts the plots a notebook displayed, so that a test can
// assert the expected figures are really there.
//
// The runner exports three environment variables to the kernel, and through it
// to every cell:
//
//   - CSVGD_ROOT: the repository root. A notebook's first cell uses it to put
//     the repository's module into GoNB's Go workspace (see notebooks/README.md),
//     falling back to the notebook folder's parent when it is unset.
//   - CSVGD_QUICK: passed through unchanged from the caller's environment; "1"
//     asks notebooks for a fast, reduced run.
//   - CSVGD_HEADLESS=1: no browser is attached, so notebooks draw static
//     figures instead of interactive widgets, which would wait for one.
//
// Live notebooks, in a real browser:
//
//   - [StartServer] starts Debian's Jupyter notebook server (classic
//     Notebook 6) on a free loopback port with a random token, in a process
//     group of its own, with the same kernel environment but CSVGD_HEADLESS;
//     [Server.Stop] shuts its kernels down through its API and stops it.
//     "make jupyter" (cmd/jupyter) serves notebooks/ this way for a person.
//   - [NewBrowser] starts headless Chromium (Debian's chromium) through the
//     DevTools protocol (chromedp), and [Browser.RunLive] runs a notebook's
//     cells in it, moves a control of a live view (notebooks/nbutil's Live),
//     waits until the view's image changes, stops the view, and reads the
//     notebook's outputs back from the page to check them as above.
//
// The tests of this package execute real notebooks when Jupyter and the kernel
// (and, for the browser test, the notebook server and Chromium) are installed
// and skip otherwise, unless CSVGD_REQUIRE_NOTEBOOKS=1 is set (as "make test"
// does), in which case a missing installation is a failure.
package nbrun
