package nbutil

import (
	"fmt"
	"time"

	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/dom"
)

// How long [connect] waits for each round trip, and how many it tries.
const (
	connectWait  = 10 * time.Second
	connectTries = 6
)

// connect makes sure that the browser's side of GoNB's widgets is
// connected to the kernel before a widget is built. A widget waits for its
// first value from the browser without a time limit, and GoNB gives the
// browser a few seconds to open the connection: when that open comes too
// late (a busy machine, a page still loading), every widget of the cell
// would wait for ever. connect asks the browser for a round trip on an
// address of its own (uid names it), up to tries times, waiting wait for
// each (connectTries and connectWait in a notebook); each try
// first asks GoNB to install the connection, which it does again when the
// previous one did not open. It returns an error, saying what to do, when
// no round trip came back.
func connect(uid string, wait time.Duration, tries int) error {
	address := "#csvgd/connect/" + uid
	replies := comms.Listen[int](address)
	defer replies.Close()
	for try := 1; try <= tries; try++ {
		comms.Start()
		dom.TransientJavascript(fmt.Sprintf(`globalThis.gonb_comm && globalThis.gonb_comm.send(%q, %d);`, address, try))
		select {
		case <-replies.C:
			return nil
		case <-time.After(wait):
		}
	}
	return fmt.Errorf("the browser did not connect its controls to the kernel within %v; run the cell again (or restart the kernel)",
		wait*time.Duration(tries))
}
