package csvgd

import "testing"

func TestQuick(t *testing.T) {
	for _, c := range []struct {
		env  string
		want bool
	}{{"", false}, {"0", false}, {"1", true}, {"true", true}, {"yes", false}} {
		t.Setenv(QuickEnv, c.env)
		if got := Quick(); got != c.want {
			t.Errorf("%s=%q: Quick() = %v, want %v", QuickEnv, c.env, got, c.want)
		}
	}
}
