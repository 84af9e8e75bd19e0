package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseScale(t *testing.T) {
	for _, args := range [][]string{{"deployment", "web", "--replicas=5"}, {"deploy/web", "--replicas", "5"}} {
		o, err := ParseScale(args)
		require.NoError(t, err, "%v", args)
		assert.Equal(t, ScaleOptions{Kind: "deployment", Namespace: "default", Name: "web", Replicas: 5}, o, "%v", args)
	}
	_, err := ParseScale([]string{"deployment", "web"})
	assert.EqualError(t, err, `error: required flag(s) "replicas" not set`)
	_, err = ParseScale([]string{"deployment", "web", "--replicas=-1"})
	assert.Error(t, err, "negative replicas accepted")
	assert.Equal(t, "deployment.apps/web scaled", ScaledText("deployment", "web"))
}
