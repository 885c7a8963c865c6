// Command jupyter opens the repository's notebooks in Jupyter: it starts
// Debian's Jupyter notebook server on 127.0.0.1 with a fresh token, serving
// notebooks/ with the repository's GoNB kernel ("Go (gonb)"), prints the
// address to open (token included) and runs until Ctrl-C, when it shuts
// the kernels and the server down. `make jupyter` runs it after
// scripts/setup.sh.
//
// Usage:
//
//	go run ./internal/nbrun/cmd/jupyter [-port N] [-dir DIR]
//
// The server's log goes to notebooks/executed/jupyter.log. CSVGD_QUICK=1
// in the environment reaches the notebooks (quick mode), as with make
// test; the live views (GoNB widgets) of notebooks 02, 04 and 07 work
// here, not in the headless runs.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/csvgd/csvgd-go/internal/nbrun"
)

func main() {
	port := flag.Int("port", 8888, "loopback port to listen on (0: any free port)")
	dir := flag.String("dir", "", "folder to serve (default: notebooks/ of the repository)")
	flag.Parse()
	if err := run(*port, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "jupyter:", err)
		os.Exit(1)
	}
}

// run starts the server, prints its address and waits for a signal.
func run(port int, dir string) error {
	if port < 0 || port > 65535 {
		return fmt.Errorf("-port %d: want 0 to 65535", port)
	}
	root, err := nbrun.FindRoot(".")
	if err != nil {
		return err
	}
	if err := nbrun.Available(root); err != nil {
		return err
	}
	logPath := filepath.Join(root, "notebooks", "executed", "jupyter.log")
	if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err != nil {
		return err
	}
	log, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer log.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := nbrun.StartServer(ctx, nbrun.ServerOptions{Root: root, Dir: dir, Port: port, Log: log})
	if err != nil {
		return fmt.Errorf("%w\n(another server on port %d? try -port 0, or `make jupyter PORT=N`)", err, port)
	}
	fmt.Printf("Jupyter is serving %s with the Go (gonb) kernel; log: %s\n\n    %s\n\nOpen that address in a browser (it holds the access token). Ctrl-C stops the server and its kernels.\n",
		s.Dir, logPath, s.TreeURL())
	<-ctx.Done()
	fmt.Println("\nstopping the kernels and the server")
	return s.Stop()
}
