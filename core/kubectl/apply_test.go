package kubectl_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// kubectl apply -f - (k8s.io/kubectl v0.37.2 pkg/cmd/apply): one line per
// object, "<resource>[.<group>]/<name> created|configured|unchanged", the
// group as the name printer writes it (apps, policy,
// scheduling.k8s.io; none for the core group).

func meta(name string) core.ObjectMeta { return core.ObjectMeta{Name: name} }

func manifest() *kubectl.Manifest {
	return &kubectl.Manifest{
		Namespaces:           []*core.Namespace{{ObjectMeta: meta("team")}},
		PriorityClasses:      []*core.PriorityClass{{ObjectMeta: meta("gold")}},
		PodDisruptionBudgets: []*core.PodDisruptionBudget{{ObjectMeta: meta("web-pdb")}},
		Nodes:                []*core.Node{{ObjectMeta: meta("n3")}},
		Deployments:          []*core.Deployment{{ObjectMeta: meta("web")}},
		ReplicaSets:          []*core.ReplicaSet{{ObjectMeta: meta("cache")}},
		DaemonSets:           []*core.DaemonSet{{ObjectMeta: meta("agent")}},
		Pods:                 []*core.Pod{{ObjectMeta: meta("p1")}, {ObjectMeta: meta("p2")}},
	}
}

func TestApply(t *testing.T) {
	c := newCluster()
	c.manifest = manifest()
	c.verbs["deployment/web"] = "configured"
	c.verbs["pod/p2"] = "unchanged"
	out, err := kubectl.Apply(c, []string{"-f", "-"}, "kind: Pod\n")
	require.NoError(t, err)
	assert.Equal(t, "namespace/team created\n"+
		"priorityclass.scheduling.k8s.io/gold created\n"+
		"poddisruptionbudget.policy/web-pdb created\n"+
		"node/n3 created\n"+
		"deployment.apps/web configured\n"+
		"replicaset.apps/cache created\n"+
		"daemonset.apps/agent created\n"+
		"pod/p1 created\n"+
		"pod/p2 unchanged", out)
	assert.Equal(t, "DECODE kind: Pod", c.calls[0])
}

// Objects the server refuses are reported after the others are applied.
func TestApplyRefused(t *testing.T) {
	c := newCluster()
	c.manifest = &kubectl.Manifest{Pods: []*core.Pod{{ObjectMeta: meta("bad")}, {ObjectMeta: meta("good")}}}
	c.applyErr["pod/bad"] = errors.New(`Error from server (Forbidden): error when creating "STDIN": pods "bad" is forbidden: no PriorityClass with name gold was found`)
	out, err := kubectl.Apply(c, []string{"-f", "-"}, "x")
	require.Error(t, err)
	assert.Equal(t, "pod/good created", out)
	assert.Equal(t, `Error from server (Forbidden): error when creating "STDIN": pods "bad" is forbidden: no PriorityClass with name gold was found`, err.Error())
	assert.Equal(t, []string{"DECODE x", "APPLY pod/bad", "APPLY pod/good"}, c.calls)
}

func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		args      []string
		stdin     string
		decodeErr error
		want      string
	}{
		// apply.go: "no objects passed to apply".
		{name: "empty manifest", args: []string{"-f", "-"}, stdin: "  \n", want: "error: no objects passed to apply"},
		// cli-runtime's StreamVisitor: "error parsing <source>: <err>".
		{name: "decode error", args: []string{"-f", "-"}, stdin: "x", decodeErr: errors.New("yaml: line 1: did not find expected key"),
			want: "error: error parsing STDIN: yaml: line 1: did not find expected key"},
		{name: "the cluster's own text", args: []string{"-f", "-"}, stdin: "x", decodeErr: &kubectl.CommandError{Stderr: "error: deployment.apps/web: too many replicas"},
			want: "error: deployment.apps/web: too many replicas"},
		// The playground applies the step's manifest only.
		{name: "a file", args: []string{"-f", "web.yaml"}, stdin: "x", want: "error: the playground applies only -f - (the step's manifest)"},
	} {
		c := newCluster()
		c.manifest, c.decodeErr = manifest(), tc.decodeErr
		out, err := kubectl.Apply(c, tc.args, tc.stdin)
		require.Error(t, err, tc.name)
		assert.Empty(t, out, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
	}
}
