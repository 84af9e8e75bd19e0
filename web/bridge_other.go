//go:build !(js && wasm)

package web

// Outside the browser there is no DOM: these are no-ops so the components
// render and test natively.

func flipFirst()    {}
func flipPlay()     {}
func markReady()    {}
func markBusy(bool) {}
func revealWhy()    {}
func revealNodes()  {}

// FixLocation is only needed in the browser.
func FixLocation() {}

// editorByScript: outside the browser (tests, the prerendered page) the
// editor's text is rendered.
const editorByScript = false

// afterPaint calls f at once: there is no paint outside the browser.
func afterPaint(f func()) { f() }

// applyUpdate has nothing to update outside the browser.
func applyUpdate() error { return nil }
