//go:build unix

package runlock

import (
	"errors"
	"syscall"
)

// alive reports whether a process with this id exists on this host: a
// signal 0 reaches it, or is refused only for want of permission.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
