// Package errtag marks an error as being of a kind (a sentinel error that
// [errors.Is] finds) without changing its message, so that a package can
// say what kind of trouble an error is while its words stay its own.
package errtag

// With returns err, its message unchanged, wrapping both err and tag: a
// caller's errors.Is(result, tag) reports true, and errors.Is and
// errors.As still find what err wraps. It returns nil when err is nil.
func With(err, tag error) error {
	if err == nil {
		return nil
	}
	return tagged{err, tag}
}

// tagged is an error with a second error it also wraps.
type tagged struct{ err, tag error }

func (t tagged) Error() string   { return t.err.Error() }
func (t tagged) Unwrap() []error { return []error{t.err, t.tag} }
