package kubectl_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/kubectl"
)

// kubectl scale (k8s.io/kubectl v0.37.2 pkg/cmd/scale): the printer's
// "<resource>.<group>/<name> scaled"; --replicas is a required flag
// (cobra's `required flag(s) "replicas" not set`) and must be >= 0
// (ScaleOptions.Validate).
func TestScale(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		want, call string
	}{
		{[]string{"deployment", "web", "--replicas=3"}, "deployment.apps/web scaled", "SCALE deployment default/web 3"},
		{[]string{"deploy/web", "--replicas", "0"}, "deployment.apps/web scaled", "SCALE deployment default/web 0"},
		{[]string{"deployment.apps", "web", "--replicas=2"}, "deployment.apps/web scaled", "SCALE deployment default/web 2"},
		{[]string{"deployments.apps/web", "--replicas=2"}, "deployment.apps/web scaled", "SCALE deployment default/web 2"},
		{[]string{"rs", "cache", "--replicas=1", "-n", "prod"}, "replicaset.apps/cache scaled", "SCALE replicaset prod/cache 1"},
		{[]string{"--namespace=prod", "replicaset/cache", "--replicas=4"}, "replicaset.apps/cache scaled", "SCALE replicaset prod/cache 4"},
	} {
		c := newCluster()
		c.workloads["deployment/default/web"] = 1
		c.workloads["replicaset/prod/cache"] = 1
		out, err := kubectl.Scale(c, tc.args)
		require.NoError(t, err, "%q", tc.args)
		assert.Equal(t, tc.want, out, "%q", tc.args)
		assert.Equal(t, []string{tc.call}, c.calls, "%q", tc.args)
	}
}

func TestScaleErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"deployment", "nope", "--replicas=3"}, `Error from server (NotFound): deployments.apps "nope" not found`},
		{[]string{"deployment", "web"}, `error: required flag(s) "replicas" not set`},
		{[]string{"deployment", "web", "--replicas=-1"}, "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0"},
		{[]string{"deployment", "web", "--replicas=x"},
			"error: invalid argument \"x\" for \"--replicas\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl scale --help' for usage."},
		{[]string{"deployment", "--replicas=3"}, "error: resource(s) were provided, but no name was specified"},
		{[]string{"deployment", "web", "--bogus"}, "error: unknown flag: --bogus\nSee 'kubectl scale --help' for usage."},
		{[]string{"deployment", "web", "--replicas"}, "error: flag needs an argument: --replicas\nSee 'kubectl scale --help' for usage."},
		// The playground scales Deployments and ReplicaSets only.
		{[]string{"statefulset", "db", "--replicas=3"}, `error: the playground scales deployments and replicasets only, not "statefulset"`},
	} {
		c := newCluster()
		c.workloads["deployment/default/web"] = 1
		out, err := kubectl.Scale(c, tc.args)
		require.Error(t, err, "%q", tc.args)
		assert.Empty(t, out)
		assert.Equal(t, tc.want, err.Error(), "%q", tc.args)
	}
}
