//go:build !(js && wasm)

package web

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Outside the browser there is no clipboard, storage or parent page: these
// stubs report that, so the components render and test natively.

var errNoBrowser = errors.New("not in a browser")

func clipboardWrite(string) error                       { return errNoBrowser }
func storageGet(string) (string, bool)                  { return "", false }
func storageSet(string, string) error                   { return errNoBrowser }
func setRootAttr(string, string) error                  { return errNoBrowser }
func locationSearch() string                            { return "" }
func embedded() bool                                    { return false }
func contentHeight() int                                { return 0 }
func postHeight(int) error                              { return errNoBrowser }
func observeHeight(func(int)) error                     { return errNoBrowser }
func downloadText(string, string, string) error         { return errNoBrowser }
func droppedFileText(app.Value) (string, string, error) { return "", "", errNoBrowser }
func elementValue(string) (string, error)               { return "", errNoBrowser }
func setElementValue(string, string) error              { return errNoBrowser }
func selectElement(string) error                        { return errNoBrowser }
func focusElement(string)                               {}
func reloadPage(string)                                 {}
