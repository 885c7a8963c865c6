package train

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAdaptiveScheduleJSON: Config embeds the schedule, so its fields keep
// their place and spelling in Config's JSON, which saved configurations,
// checkpoints and the keys of cached runs are made of; and they read back.
func TestAdaptiveScheduleJSON(t *testing.T) {
	c := DefaultConfig()
	c.Adaptive, c.Growth, c.Tolerance = true, 3, 0.25
	raw, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"Stage":500,"Adaptive":true,"Growth":3,"Tolerance":0.25,"Keep":false`; !strings.Contains(string(raw), want) {
		t.Errorf("JSON %s\nlacks %s", raw, want)
	}
	var back Config
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.AdaptiveSchedule != c.AdaptiveSchedule {
		t.Errorf("read back %+v, want %+v", back.AdaptiveSchedule, c.AdaptiveSchedule)
	}
}

// TestPhaseJSON: a record's phase is its name in JSON, omitted between
// condensations, and reads back.
func TestPhaseJSON(t *testing.T) {
	for _, tc := range []struct {
		phase Phase
		want  string
	}{{NoCondensation, ""}, {Before, `"condensation":"before"`}, {After, `"condensation":"after"`}} {
		raw, err := json.Marshal(Record{Condensation: tc.phase})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(raw), `"condensation"`); got != (tc.want != "") || !strings.Contains(string(raw), tc.want) {
			t.Errorf("phase %q: JSON %s, want %s", tc.phase, raw, tc.want)
		}
		var back Record
		if err := json.Unmarshal(raw, &back); err != nil || back.Condensation != tc.phase {
			t.Errorf("phase %q read back as %q (%v)", tc.phase, back.Condensation, err)
		}
	}
}
