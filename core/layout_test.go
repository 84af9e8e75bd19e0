package core_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeLayoutListsEveryPackage: the README's Layout section names
// every folder of Go code under core/ and cmd/ (as "name/" on the line of
// its parent or its own), so a newcomer finds each component there.
func TestReadmeLayoutListsEveryPackage(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	text := string(b)
	start := strings.Index(text, "## Layout")
	require.GreaterOrEqual(t, start, 0, "README has no Layout section")
	layout := text[start:]
	if end := strings.Index(layout[len("## Layout"):], "\n## "); end >= 0 {
		layout = layout[:len("## Layout")+end]
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`([a-z0-9]+)/`).FindAllStringSubmatch(layout, -1) {
		named[m[1]] = true
	}
	for _, root := range []string{".", "../cmd"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() || path == root {
				return err
			}
			if d.Name() == "testdata" || d.Name() == "internal" || strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			goFiles, _ := filepath.Glob(filepath.Join(path, "*.go"))
			if len(goFiles) > 0 {
				assert.True(t, named[d.Name()], "README Layout does not name %s/", path)
			}
			return nil
		})
		require.NoError(t, err)
	}
}
