package exact

import (
	"fmt"
	"strings"
)

// names are the names of the values 0, 1, ... of a mode (Coordinates,
// Sampler, Starts), what it is called in messages, and the text of its
// flags and JSON.
type names[T ~int] struct {
	what   string
	values []string
}

// name is v's name, or what(v) for a value out of range.
func (n names[T]) name(v T) string {
	if v >= 0 && int(v) < len(n.values) {
		return n.values[v]
	}
	return fmt.Sprintf("%s(%d)", n.what, int(v))
}

// want lists the names as "a, b or c".
func (n names[T]) want() string {
	if len(n.values) == 1 {
		return n.values[0]
	}
	return strings.Join(n.values[:len(n.values)-1], ", ") + " or " + n.values[len(n.values)-1]
}

// parse reads a name.
func (n names[T]) parse(s string) (T, error) {
	for i, v := range n.values {
		if v == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("%s %q: want %s", n.what, s, n.want())
}

// validate refuses a value out of range.
func (n names[T]) validate(v T) error {
	if v < 0 || int(v) >= len(n.values) {
		return fmt.Errorf("%s = %d: want %s", n.what, int(v), n.want())
	}
	return nil
}

// text is v's name as MarshalText writes it.
func (n names[T]) text(v T) ([]byte, error) {
	if err := n.validate(v); err != nil {
		return nil, err
	}
	return []byte(n.name(v)), nil
}

// set reads a name into v, as UnmarshalText and a flag's Set do.
func (n names[T]) set(v *T, s string) error {
	x, err := n.parse(s)
	if err == nil {
		*v = x
	}
	return err
}
