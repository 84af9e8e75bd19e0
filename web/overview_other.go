//go:build !(js && wasm)

package web

// Outside the browser there is no canvas to draw the overview on.
func drawOverview(*Overview, string, int, string) error { return nil }
