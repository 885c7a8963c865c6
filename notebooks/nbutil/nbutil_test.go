package nbutil

import (
	"errors"
	"slices"
	"testing"
)

func TestFromOne(t *testing.T) {
	if got := FromOne([]int{0, 3, 1}); !slices.Equal(got, []int{1, 4, 2}) {
		t.Errorf("FromOne = %v", got)
	}
	if got := FromOne(nil); len(got) != 0 {
		t.Errorf("FromOne(nil) = %v", got)
	}
}

func TestMust2(t *testing.T) {
	a, b := Must2(1, "x", nil)
	if a != 1 || b != "x" {
		t.Errorf("Must2 = %v, %v", a, b)
	}
	defer func() {
		if recover() == nil {
			t.Error("Must2 with an error did not panic")
		}
	}()
	Must2(1, 2, errors.New("boom"))
}
