package nbutil

import (
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
