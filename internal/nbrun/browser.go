package nbrun

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/chromedp/chromedp"
)

// Chromium is the browser the live-notebook checks drive: Debian's
// chromium package, which scripts/setup.sh installs.
const Chromium = "/usr/bin/chromium"

// BrowserOptions configure [NewBrowser].
type BrowserOptions struct {
	// Exec is the browser binary; empty means [Chromium].
	Exec string
	// Width and Height are the window size; 0 means 1200 x 2800, tall
	// enough for a live view and its controls in one screenshot (the
	// notebook scrolls inside the page, so nothing below the window is drawn).
	Width, Height int
}

// Browser is a headless Chromium with one tab, driven through the DevTools
// protocol (chromedp, over a pipe: no port is opened).
type Browser struct {
	ctx    context.Context // the tab
	cancel []context.CancelFunc
	xdg    string // the XDG config and cache folders given to the browser
}

// NewBrowser starts a headless Chromium with a fresh profile (a temporary
// user-data-dir, which chromedp removes) and the flags it needs on a
// machine without a display and with a closed network: no sandbox (root
// in a container), no GPU, no QUIC, and no first-run, sync, component
// update or background networking (whose connections a closed network
// refuses). Chromium is killed when ctx is done, when Close is called and
// when this process dies.
func NewBrowser(ctx context.Context, o BrowserOptions) (*Browser, error) {
	bin := o.Exec
	if bin == "" {
		bin = Chromium
	}
	if _, err := exec.LookPath(bin); err != nil {
		return nil, fmt.Errorf("browser: %s is not installed (run `make setup`): %w", bin, err)
	}
	w, h := o.Width, o.Height
	if w == 0 || h == 0 {
		w, h = 1200, 2800
	}
	xdg, err := os.MkdirTemp("", "csvgd-browser-xdg")
	if err != nil {
		return nil, fmt.Errorf("browser: %w", err)
	}
	// chromedp's defaults (headless, no first run, no background
	// networking, sync or throttling of background timers, /dev/shm not
	// used), and what a closed network and no display need besides.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.WindowSize(w, h),
		chromedp.Env("XDG_CONFIG_HOME="+filepath.Join(xdg, "config"), "XDG_CACHE_HOME="+filepath.Join(xdg, "cache")))
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tab, cancelTab := chromedp.NewContext(alloc)
	b := &Browser{ctx: tab, cancel: []context.CancelFunc{cancelTab, cancelAlloc}, xdg: xdg}
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		b.Close()
		return nil, fmt.Errorf("browser: starting %s: %w", bin, err)
	}
	return b, nil
}

// Close stops the browser and removes its folders. It is safe to call
// more than once.
func (b *Browser) Close() {
	for _, c := range b.cancel {
		c()
	}
	os.RemoveAll(b.xdg)
}

// eval evaluates the JavaScript expression in the tab, bounded by ctx,
// and decodes its result into T.
func eval[T any](ctx context.Context, b *Browser, expr string) (T, error) {
	ctx, cancel := within(ctx, b.ctx)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

// within is the tab's context bounded by the deadline and cancellation of
// ctx as well.
func within(ctx, tab context.Context) (context.Context, context.CancelFunc) {
	out, cancel := context.WithCancel(tab)
	if d, ok := ctx.Deadline(); ok {
		var c2 context.CancelFunc
		out, c2 = context.WithDeadline(out, d)
		prev := cancel
		cancel = func() { c2(); prev() }
	}
	stop := context.AfterFunc(ctx, cancel)
	return out, func() { stop(); cancel() }
}

// screenshot writes a PNG of the element matching the CSS selector sel to
// path.
func (b *Browser) screenshot(ctx context.Context, sel, path string) error {
	ctx, cancel := within(ctx, b.ctx)
	defer cancel()
	img, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		return fmt.Errorf("screenshot of %s: %w", sel, err)
	}
	return os.WriteFile(path, img, 0o644)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	raw, _ := json.Marshal(s)
	return string(raw)
}
