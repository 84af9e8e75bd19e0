package sim

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunWithProgress: the reports grow monotonically up to the end of the
// run, and the result is the same as Run's.
func TestRunWithProgress(t *testing.T) {
	defer func(v bool, d time.Duration) { verifyFrames, progressInterval = v, d }(verifyFrames, progressInterval)
	verifyFrames, progressInterval = false, 0
	s := benchCluster(30, 200)
	s.Until = 10 * time.Second

	want, err := Run(s)
	require.NoError(t, err)
	var reports []Progress
	got, err := RunWithProgress(s, func(p Progress) { reports = append(reports, p) })
	require.NoError(t, err)
	require.Equal(t, want, got)

	require.Greater(t, len(reports), 10, "a report every %d scheduling cycles", progressEvery)
	for i := 1; i < len(reports); i++ {
		prev, p := reports[i-1], reports[i]
		assert.GreaterOrEqual(t, p.At, prev.At)
		assert.GreaterOrEqual(t, p.Frames, prev.Frames)
		assert.GreaterOrEqual(t, p.Scheduled, prev.Scheduled)
	}
	last := reports[len(reports)-1]
	assert.Equal(t, Progress{At: s.Until, Until: s.Until, Frames: len(want.Frames), Scheduled: 200, Pods: 200}, last)
	assert.Less(t, reports[0].Scheduled, 200, "reported while the first pass schedules")
}

// TestRunWithProgressNil: a nil fn is Run.
func TestRunWithProgressNil(t *testing.T) {
	s := benchCluster(3, 5)
	want, err := Run(s)
	require.NoError(t, err)
	got, err := RunWithProgress(s, nil)
	require.NoError(t, err)
	require.Equal(t, want, got)
}
