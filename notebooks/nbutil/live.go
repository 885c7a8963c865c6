package nbutil

import (
	"encoding/base64"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// Control is one input of a [Live] view: a select over Options, or a
// slider over 0 .. Max when Options is nil. Its value is an index into
// Options, or the slider's position.
type Control struct {
	Label   string   // shown before the widget
	Options []string // a select's choices
	Max     int      // a slider's largest position (its smallest is 0), when Options is nil
	Value   int      // the value the view starts from
}

// Live is a view that follows its controls: in a live notebook the cell
// shows the controls (GoNB widgets), an optional button, a stop button and
// the view, and redraws the view whenever a control changes, until the
// stop button is pressed or no control has changed for Idle; executed
// headless (nbconvert, CI: [Interactive] is false) it draws the view of
// the controls' start values once, as static images. When the browser
// does not connect the controls to the kernel (see connect), the view
// shows that error instead of waiting.
//
// The view's HTML carries data attributes that the browser test of
// internal/nbrun reads: data-csvgd-live (the name) on the controls and the
// view, data-control (the label) around each widget, and data-frame (the
// number of redraws) and data-state ("live", "stopped", "error" or
// [Disconnected]) on the view.
type Live struct {
	Name     string        // names the view in the page (unique in its notebook)
	Controls []Control     // the inputs, in order
	Button   string        // the label of a button whose clicks are counted, or "" for none
	Idle     time.Duration // stop after no change for this long; 0 means 10 minutes
	// Draw draws the view for the controls' values (one per control, then
	// the button's click count when there is a button): an HTML caption and
	// the figures. An error is shown in the view, and the controls stay live.
	Draw func(values []int) (caption string, figs []*figures.Figure, err error)
}

// Disconnected is the state of a view whose controls the browser did not
// connect to the kernel: the view shows that error, and the cell, run
// again, usually connects.
const Disconnected = "disconnected"

// Show shows the view (see [Live]). Headless, a Draw error panics, as in
// [Show].
func (l Live) Show() {
	values := make([]int, len(l.Controls), len(l.Controls)+1)
	for i, c := range l.Controls {
		values[i] = c.Value
	}
	if l.Button != "" {
		values = append(values, 0)
	}
	if !Interactive() {
		caption, figs, err := l.Draw(values)
		Check(err)
		gonbui.DisplayHTML(caption)
		for _, f := range figs {
			Show(f)
		}
		return
	}
	l.run(values)
}

// liveEvent is a change of input i (len(Controls) for the button,
// len(Controls)+1 for stop) to value v.
type liveEvent struct{ i, v int }

// run is Show in a live notebook.
func (l Live) run(values []int) {
	uid := gonbui.UniqueId()
	slots := make([]string, len(l.Controls))
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="csvgd-live-controls" data-csvgd-live="%s" style="display:flex;flex-wrap:wrap;gap:0.4em 1.5em;align-items:center">`, html.EscapeString(l.Name))
	for i, c := range l.Controls {
		slots[i] = fmt.Sprintf("csvgd-%s-c%d", uid, i)
		fmt.Fprintf(&b, `<span data-control="%s"><b>%s</b> <span id="%s"></span></span>`, html.EscapeString(c.Label), html.EscapeString(c.Label), slots[i])
	}
	buttons := "csvgd-" + uid + "-buttons"
	fmt.Fprintf(&b, `<span id="%s" data-control="buttons"></span></div>`, buttons)
	gonbui.DisplayHTML(b.String())
	flush()
	display := "csvgd-live-" + uid
	if err := connect(uid, connectWait, connectTries); err != nil {
		gonbui.UpdateHTML(display, l.view(errorBody(err), 0, Disconnected))
		flush()
		return
	}

	events := make(chan liveEvent)
	for i, c := range l.Controls {
		var ch *comms.AddressChan[int]
		if c.Options != nil {
			ch = widgets.Select(c.Options).SetDefault(c.Value).AppendTo(slots[i]).Done().Listen()
		} else {
			ch = widgets.Slider(0, c.Max, c.Value).AppendTo(slots[i]).Done().Listen()
		}
		go forward(ch, i, events)
	}
	n := len(l.Controls)
	if l.Button != "" {
		go forward(widgets.Button(l.Button).AppendTo(buttons).Done().Listen(), n, events)
	}
	go forward(widgets.Button("stop").AppendTo(buttons).Done().Listen(), n+1, events)

	idle := l.Idle
	if idle <= 0 {
		idle = 10 * time.Minute
	}
	for frame := 1; ; frame++ {
		body, state := l.draw(values)
		gonbui.UpdateHTML(display, l.view(body, frame, state))
		select {
		case e := <-events:
			if e.i != n+1 {
				values[e.i] = e.v
				continue
			}
		case <-time.After(idle):
		}
		gonbui.UpdateHTML(display, l.view(body, frame, "stopped"))
		flush()
		return
	}
}

// forward sends the latest values of ch to events as input i.
func forward(ch *comms.AddressChan[int], i int, events chan<- liveEvent) {
	latest := ch.LatestOnly()
	for v := range latest.C {
		events <- liveEvent{i, v}
	}
}

// draw is the body of the view for values: its caption and figures as
// PNG images, and the state "live"; or the error of Draw (or of a
// figure) and the state "error".
func (l Live) draw(values []int) (body, state string) {
	caption, figs, err := l.Draw(values)
	body = caption
	for _, f := range figs {
		if err != nil {
			break
		}
		var img []byte
		if img, err = figurePNG(f); err == nil {
			body += fmt.Sprintf(`<div><img style="max-width:100%%" alt="%s" src="data:image/png;base64,%s"/></div>`,
				f.Name, base64.StdEncoding.EncodeToString(img))
		}
	}
	if err != nil {
		return errorBody(err), "error"
	}
	return body, "live"
}

// errorBody is the body of a view that shows err.
func errorBody(err error) string {
	return fmt.Sprintf(`<p style="color:#b00">%s</p>`, html.EscapeString(err.Error()))
}

// view is the HTML of the view: body in a block that carries the name,
// the frame number and the state, with a note when it has stopped.
func (l Live) view(body string, frame int, state string) string {
	if state == "stopped" {
		body = `<p><i>stopped; run the cell again to resume</i></p>` + body
	}
	return fmt.Sprintf(`<div class="csvgd-live-view" data-csvgd-live="%s" data-frame="%d" data-state="%s">%s</div>`,
		html.EscapeString(l.Name), frame, state, body)
}
