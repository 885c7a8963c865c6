package nbrun

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// LiveCheck is what [Browser.RunLive] does with one notebook: run all its
// cells in the browser, move one control of one live view (package
// notebooks/nbutil's Live, which marks its controls and view with
// data-csvgd-live and data-control attributes) and wait for the view's
// image to change.
type LiveCheck struct {
	Notebook string // the notebook's path in the server's folder
	View     string // the live view to operate (its data-csvgd-live name)
	Control  string // the control to move (its label, data-control)
	Value    string // the value to give it: a select's option index, or a slider's position
	Shots    string // the folder for screenshots; "" takes none
}

// LiveResult is the outcome of [Browser.RunLive].
type LiveResult struct {
	// Notebook is the notebook as the browser holds it at the end, outputs
	// included (Jupyter.notebook.toJSON()).
	Notebook *Notebook
	// Problems are the failures found in it, as [Notebook.Problems] finds
	// them in an executed copy.
	Problems []Problem
	// Frames are the view's redraw counts before and after the control
	// moved; Images the hashes of its images then.
	Frames [2]int
	Images [2]string
	// Screenshots are the files written: the view's cell before and after
	// the control moved.
	Screenshots []string
	// Reruns are the views whose cell was run again because their
	// controls did not connect (at most once each).
	Reruns []string
	// Duration is the wall time, from opening the notebook.
	Duration time.Duration
}

// disconnected is the state of a view whose controls the browser did not
// connect to the kernel (nbutil.Disconnected).
const disconnected = "disconnected"

// pageState is what the page says about the notebook at one moment.
type pageState struct {
	Ready   bool        `json:"ready"`   // the kernel is connected
	Busy    bool        `json:"busy"`    // the kernel is busy
	Running int         `json:"running"` // code cells queued or running
	Unrun   int         `json:"unrun"`   // code cells never run
	Views   []viewState `json:"views"`
}

// viewState is one live view in the page.
type viewState struct {
	Name   string `json:"name"`
	State  string `json:"state"` // live, stopped, error or disconnected
	Frame  int    `json:"frame"`
	Images string `json:"images"` // hashes of its images' sources
	Text   string `json:"text"`   // the start of its text, for messages
}

// stateJS reads the notebook's state (classic Jupyter Notebook 6:
// Jupyter.notebook, a code cell's prompt is "*" while it is queued or
// running) and its live views, the sources of their images hashed
// (FNV-1a), since PNG data URIs are long and end alike.
const stateJS = `(() => {
	const nb = window.Jupyter && Jupyter.notebook;
	if (!nb || !nb.kernel) return {ready: false, views: []};
	const code = nb.get_cells().filter(c => c.cell_type === 'code');
	const hash = s => { let h = 2166136261; for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); } return (h >>> 0).toString(16); };
	const views = Array.from(document.querySelectorAll('div.csvgd-live-view')).map(v => ({
		name: v.dataset.csvgdLive, state: v.dataset.state, frame: Number(v.dataset.frame),
		images: Array.from(v.querySelectorAll('img')).map(i => hash(i.src)).join(','),
		text: v.innerText.slice(0, 400)}));
	return {ready: nb.kernel.is_connected(), busy: !!nb.kernel_busy,
		running: code.filter(c => c.input_prompt_number === '*').length,
		unrun: code.filter(c => c.input_prompt_number === null || c.input_prompt_number === undefined).length,
		views: views};
})()`

// RunLive opens c.Notebook from server s in the browser, runs all its
// cells and, once the live view c.View shows its first image, gives the
// control c.Control the value c.Value and waits until the view has redrawn
// with another image; then it presses the stop button of every live view
// (so that the cells after them run), waits until every cell has run and
// the kernel is idle, and reads the notebook back from the page. It takes
// a screenshot of the view's cell before and after the change when
// c.Shots is set. ctx bounds the whole check: every wait polls the page
// for a concrete condition until ctx is done.
//
// A view whose controls did not connect to the kernel (state
// "disconnected") has its cell run again, once, as the view tells a person
// to do; LiveResult.Reruns names those views.
//
// RunLive returns an error when the page cannot be driven, a view shows an
// error or does not connect twice, the control is missing, the image did
// not change or ctx ends first; failures inside cells are in
// LiveResult.Problems.
func (b *Browser) RunLive(ctx context.Context, s *Server, c LiveCheck) (*LiveResult, error) {
	start := time.Now()
	res := &LiveResult{}
	nav, cancel := within(ctx, b.ctx)
	err := chromedp.Do(nav, chromedp.Navigate(s.NotebookURL(c.Notebook)))
	cancel()
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", c.Notebook, err)
	}
	if _, err := b.waitFor(ctx, "the kernel to connect", func(st pageState) (bool, error) { return st.Ready, nil }); err != nil {
		return nil, err
	}
	if _, err := eval[bool](ctx, b, `(Jupyter.notebook.set_autosave_interval(0), Jupyter.notebook.execute_all_cells(), true)`); err != nil {
		return nil, fmt.Errorf("running all cells: %w", err)
	}
	if err := b.operate(ctx, c, res); err != nil {
		return res, err
	}
	stopped := map[string]bool{}
	end, err := b.waitFor(ctx, "every cell to run", func(st pageState) (bool, error) {
		if err := b.reconnectAll(ctx, st, res); err != nil {
			return false, err
		}
		for _, v := range st.Views {
			if v.State == "error" {
				return false, fmt.Errorf("live view %s shows an error: %s", v.Name, v.Text)
			}
			if v.State == "live" && !stopped[v.Name] {
				if err := b.pressStop(ctx, v.Name); err != nil {
					return false, err
				}
				stopped[v.Name] = true
			}
		}
		return st.Running == 0 && !st.Busy, nil
	})
	if err != nil {
		return res, err
	}
	if end.Unrun > 0 {
		return res, fmt.Errorf("%d code cells of %s did not run", end.Unrun, c.Notebook)
	}
	raw, err := eval[string](ctx, b, `JSON.stringify(Jupyter.notebook.toJSON())`)
	if err != nil {
		return res, fmt.Errorf("reading the notebook back: %w", err)
	}
	if res.Notebook, err = ParseNotebook([]byte(raw)); err != nil {
		return res, err
	}
	res.Problems = res.Notebook.Problems()
	res.Duration = time.Since(start)
	return res, nil
}

// operate waits for the view c.View to show its first image (stopping any
// other live view on the way, which would keep the kernel busy), moves the
// control and waits for the view to redraw with another image, taking the
// screenshots.
func (b *Browser) operate(ctx context.Context, c LiveCheck, res *LiveResult) error {
	stopped := map[string]bool{}
	before, err := b.waitFor(ctx, "live view "+c.View+" to show", func(st pageState) (bool, error) {
		if err := b.reconnectAll(ctx, st, res); err != nil {
			return false, err
		}
		for _, o := range st.Views { // a live view before it would hold the kernel
			if o.Name != c.View && o.State == "live" && !stopped[o.Name] {
				if err := b.pressStop(ctx, o.Name); err != nil {
					return false, err
				}
				stopped[o.Name] = true
			}
		}
		v, ok := st.view(c.View)
		if ok && v.State == "error" {
			return false, fmt.Errorf("live view %s shows an error: %s", c.View, v.Text)
		}
		if !ok && st.Running == 0 && !st.Busy && st.Unrun == 0 {
			return false, fmt.Errorf("every cell ran and no live view %s appeared", c.View)
		}
		return ok && v.State == "live" && v.Images != "", nil
	})
	if err != nil {
		return err
	}
	v0, _ := before.view(c.View)
	res.Frames[0], res.Images[0] = v0.Frame, v0.Images
	if err := b.shoot(ctx, c, "before", res); err != nil {
		return err
	}
	set := fmt.Sprintf(setControlJS, jsString(c.Control), jsString(c.Value))
	if err := b.onView(ctx, c.View, fmt.Sprintf("setting %s of view %s to %s", c.Control, c.View, c.Value), set); err != nil {
		return err
	}
	after, err := b.waitFor(ctx, "live view "+c.View+" to redraw", func(st pageState) (bool, error) {
		v, _ := st.view(c.View)
		if v.State == "error" {
			return false, fmt.Errorf("live view %s shows an error after %s changed: %s", c.View, c.Control, v.Text)
		}
		if v.Frame > res.Frames[0] && v.Images == res.Images[0] {
			return false, fmt.Errorf("live view %s redrew (frame %d) the same image after %s changed", c.View, v.Frame, c.Control)
		}
		return v.Frame > res.Frames[0] && v.Images != "", nil
	})
	if err != nil {
		return err
	}
	v1, _ := after.view(c.View)
	res.Frames[1], res.Images[1] = v1.Frame, v1.Images
	return b.shoot(ctx, c, "after", res)
}

// setControlJS is the body (for [Browser.onView]) that sets the control
// labelled %[1]s of the view to the value %[2]s as a person would, with
// input and change events.
const setControlJS = `const label = %s, value = %s;
	const box = live('controls');
	if (!box) return 'no controls of the view';
	const slot = Array.from(box.querySelectorAll('[data-control]')).find(s => s.dataset.control === label);
	const el = slot && slot.querySelector('select, input');
	if (!el) return 'no such control';
	el.value = value;
	el.dispatchEvent(new Event('input'));
	el.dispatchEvent(new Event('change'));
	return el.value === value ? '' : 'it took the value ' + el.value;`

// liveJS starts every body of [Browser.onView]: live('view') and
// live('controls') are the blocks of the live view called name.
const liveJS = `const live = (part) => Array.from(document.querySelectorAll('div.csvgd-live-' + part)).find(e => e.dataset.csvgdLive === name);`

// onView runs body, JavaScript that may use name (the live view's name)
// and [liveJS]'s live(), and returns ” or what went wrong; a failure is
// an error that starts with what.
func (b *Browser) onView(ctx context.Context, name, what, body string) error {
	msg, err := eval[string](ctx, b, fmt.Sprintf("((name) => {\n\t%s\n\t%s\n})(%s)", liveJS, body, jsString(name)))
	if err != nil || msg != "" {
		return fmt.Errorf("%s: %v%s", what, err, msg)
	}
	return nil
}

// reconnectAll reconnects every view of st whose controls did not
// connect (state disconnected).
func (b *Browser) reconnectAll(ctx context.Context, st pageState, res *LiveResult) error {
	for _, v := range st.Views {
		if v.State != disconnected {
			continue
		}
		if err := b.reconnect(ctx, v, res); err != nil {
			return err
		}
	}
	return nil
}

// reconnect runs the cell of view v again, as the view tells a person to
// do when its controls did not connect to the kernel; a view that does
// not connect the second time is an error. Running the cell clears its
// output, so the next poll no longer sees the disconnected view.
func (b *Browser) reconnect(ctx context.Context, v viewState, res *LiveResult) error {
	if slices.Contains(res.Reruns, v.Name) {
		return fmt.Errorf("live view %s did not connect its controls, twice: %s", v.Name, v.Text)
	}
	res.Reruns = append(res.Reruns, v.Name)
	return b.onView(ctx, v.Name, fmt.Sprintf("running the cell of live view %s again", v.Name), `const view = live('view');
	const el = view && view.closest('.cell');
	const cell = el && Jupyter.notebook.get_cells().find(c => c.element[0] === el);
	if (!cell) return 'no cell';
	cell.execute();
	return '';`)
}

// pressStop clicks the stop button of the live view name.
func (b *Browser) pressStop(ctx context.Context, name string) error {
	return b.onView(ctx, name, "stopping live view "+name, `const box = live('controls');
	const stop = box && Array.from(box.querySelectorAll('button')).find(b => b.textContent.trim() === 'stop');
	if (!stop) return 'no stop button';
	stop.click();
	return '';`)
}

// shoot takes the screenshot when of the cell that holds the view
// c.View, as SHOTS/NOTEBOOK-WHEN.png.
func (b *Browser) shoot(ctx context.Context, c LiveCheck, when string, res *LiveResult) error {
	if c.Shots == "" {
		return nil
	}
	err := b.onView(ctx, c.View, "finding the cell of view "+c.View, `const view = live('view');
	const cell = view && view.closest('.cell');
	if (!cell) return 'no cell';
	document.querySelectorAll('#csvgd-shot').forEach(e => e.removeAttribute('id'));
	cell.id = 'csvgd-shot';
	cell.scrollIntoView();
	return '';`)
	if err != nil {
		return err
	}
	name := strings.TrimSuffix(filepath.Base(c.Notebook), filepath.Ext(c.Notebook)) + "-" + when + ".png"
	path := filepath.Join(c.Shots, name)
	if err := b.screenshot(ctx, "#csvgd-shot", path); err != nil {
		return err
	}
	res.Screenshots = append(res.Screenshots, path)
	return nil
}

// view is the live view name, if the page shows it.
func (st pageState) view(name string) (viewState, bool) {
	for _, v := range st.Views {
		if v.Name == name {
			return v, true
		}
	}
	return viewState{}, false
}

// waitFor polls the page's state twice a second until done says so, done
// returns an error, or ctx ends; the error then says what it waited for
// and the last state seen.
func (b *Browser) waitFor(ctx context.Context, what string, done func(pageState) (bool, error)) (pageState, error) {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	var last pageState
	for {
		st, err := eval[pageState](ctx, b, stateJS)
		if err == nil {
			last = st
			ok, err := done(st)
			if err != nil || ok {
				return st, err
			}
		}
		select {
		case <-ctx.Done():
			return last, fmt.Errorf("waiting for %s: %w (last state: kernel connected %v, busy %v, %d cells running, %d not run, views %+v)",
				what, ctx.Err(), last.Ready, last.Busy, last.Running, last.Unrun, last.Views)
		case <-tick.C:
		}
	}
}
