// Package e2e holds the browser test of the playground. The test is behind
// the e2e build tag so that `go test ./...` stays fast; `make test` runs it
// after building dist/.
package e2e
