package runlock

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// Owner is what a lock file holds: the process that holds the lock.
type Owner struct {
	PID   int       `json:"pid"`
	Host  string    `json:"host"`
	Start time.Time `json:"start"` // when it took the lock
	// Token is drawn at random for every acquisition, so that a holder
	// can tell its own file from one a later holder wrote at the same path
	// (never used for anything numerical).
	Token string `json:"token"`
}

// self is this process as the owner of a new lock.
func self() (Owner, error) {
	host, err := os.Hostname()
	if err != nil {
		return Owner{}, fmt.Errorf("runlock: host name: %w", err)
	}
	var t [8]byte
	if _, err := rand.Read(t[:]); err != nil {
		return Owner{}, fmt.Errorf("runlock: token: %w", err)
	}
	return Owner{PID: os.Getpid(), Host: host, Start: time.Now().UTC().Truncate(time.Second), Token: hex.EncodeToString(t[:])}, nil
}

// String describes the owner for the log: "PID 123 on host node7 since
// 2025-01-02 15:04:05 UTC".
func (o Owner) String() string {
	return fmt.Sprintf("PID %d on host %s since %s", o.PID, o.Host, o.Start.UTC().Format("2006-01-02 15:04:05 MST"))
}

// Gone reports whether the lock of owner o, whose file was last touched
// at beat, is stale at time now for a process on host: its heartbeat
// stopped more than staleAfter ago (any host), or it names a process of
// this host that no longer exists.
func (o Owner) Gone(host string, beat, now time.Time, staleAfter time.Duration) bool {
	if now.Sub(beat) > staleAfter {
		return true
	}
	return o.Host == host && !alive(o.PID)
}

// same reports whether o and p are the same acquisition.
func (o Owner) same(p Owner) bool {
	return o.Token == p.Token && o.PID == p.PID && o.Host == p.Host && o.Start.Equal(p.Start)
}

// readOwner reads the lock file at path: its owner and the time of its
// last heartbeat. An unreadable owner (a file written by hand, say) comes
// back as the zero Owner, stale only by its heartbeat.
func readOwner(path string) (Owner, time.Time, error) {
	st, err := os.Stat(path)
	if err != nil {
		return Owner{}, time.Time{}, err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return Owner{}, time.Time{}, err
	}
	var o Owner
	if json.Unmarshal(raw, &o) != nil {
		o = Owner{}
	}
	return o, st.ModTime(), nil
}
