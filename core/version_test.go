package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVersion(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    int
		wantErr bool
	}{
		{"", 37, false}, {"1.37", 37, false}, {"v1.33", 33, false}, {"1.26.4", 26, false},
		{"1.25", 0, true}, {"1.38", 0, true}, {"2.1", 0, true}, {"1.x", 0, true}, {"1.", 0, true}, {"137", 0, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseVersion(tc.in)
			if tc.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got.Minor)
		})
	}
	assert.True(t, (Version{}).AtLeast(37), "zero Version must behave as the default 1.37")
	assert.False(t, (Version{Minor: 33}).AtLeast(34), "1.33 is not 1.34")
	assert.Equal(t, "1.37", (Version{}).String(), "zero Version must behave as the default 1.37")
}
