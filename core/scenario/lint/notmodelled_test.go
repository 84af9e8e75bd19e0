package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A field upstream acts on and the playground does not model is one Info
// finding per field, at its first object, counting the others.
func TestNotModelledFindingsAreGrouped(t *testing.T) {
	pod := func(name string) string {
		return `apiVersion: v1
kind: Pod
metadata: {name: ` + name + `}
spec:
  containers: [{name: db, image: postgres}]
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: ` + name + `}
`
	}
	data := strings.Join([]string{pod("a"), pod("b"), pod("c")}, "---\n")
	fs := Lint([]byte(data))
	require.Len(t, fs, 1, dump(fs))
	assert.Equal(t, "not-modelled", fs[0].Code)
	assert.Equal(t, "Pod/a", fs[0].Object)
	assert.Equal(t, "spec.volumes[0].persistentVolumeClaim", fs[0].Path)
	assert.Contains(t, fs[0].Message, "VolumeBinding")
	assert.Contains(t, fs[0].Message, "set on 2 more objects")
}
