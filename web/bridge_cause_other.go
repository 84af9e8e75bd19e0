//go:build !(js && wasm)

package web

// Outside the browser there is no gutter or editor to scroll.

func gutterRefresh(string)        {}
func gotoLine(string, int)        {}
func removeRootAttr(string) error { return errNoBrowser }
