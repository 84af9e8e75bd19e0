package kubectl_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// kubectl patch (k8s.io/kubectl v0.37.2 pkg/cmd/patch): the default
// --type is strategic; the patch is YAML or JSON (yaml.ToJSON); the
// printer's "pod/<name> patched", or "patched (no change)" when the
// object came back the same (patchOperation); -o name prints the
// resource/name; Validate's and the flags' errors.
func TestPatch(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		want, call string
	}{
		{[]string{"pod", "web", "-p", `{"spec":{"schedulingGates":null}}`},
			"pod/web patched", `PATCH pods default/web strategic {"spec":{"schedulingGates":null}} dryRun=false`},
		{[]string{"pod/web", "--type=merge", "-p", `{"spec":{"schedulingGates":null}}`},
			"pod/web patched", `PATCH pods default/web merge {"spec":{"schedulingGates":null}} dryRun=false`},
		{[]string{"pods", "web", "--type", "JSON", "--patch", `[{"op":"remove","path":"/spec/schedulingGates"}]`},
			"pod/web patched", `PATCH pods default/web json [{"op":"remove","path":"/spec/schedulingGates"}] dryRun=false`},
		{[]string{"po", "web", "-p", "spec:\n  schedulingGates: null", "-n", "prod"},
			"pod/web patched", `PATCH pods prod/web strategic {"spec":{"schedulingGates":null}} dryRun=false`},
		{[]string{"pod", "unchanged", "-p", `{}`}, "pod/unchanged patched (no change)", `PATCH pods default/unchanged strategic {} dryRun=false`},
		{[]string{"pod", "web", "-p", `{}`, "-o", "name"}, "pod/web", `PATCH pods default/web strategic {} dryRun=false`},
		{[]string{"pod", "web", "-p", `{}`, "--dry-run=server"}, "pod/web patched (server dry run)", `PATCH pods default/web strategic {} dryRun=true`},
	} {
		c := newCluster()
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web"}})
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web", Namespace: "prod"}})
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "unchanged"}})
		out, _, err := kubectl.Run(c, append([]string{"patch"}, tc.args...), "")
		require.NoError(t, err, "%q", tc.args)
		assert.Equal(t, tc.want, out, "%q", tc.args)
		assert.Equal(t, []string{tc.call}, c.calls, "%q", tc.args)
	}
}

func TestPatchErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"pod", "web"}, "error: must specify --patch or --patch-file containing the contents of the patch"},
		{[]string{"pod", "web", "-p", "{}", "--patch-file", "x.json"}, "error: cannot specify --patch and --patch-file together"},
		{[]string{"pod", "web", "-p", "{}", "--type", "apply"}, `error: --type must be one of [json merge strategic], not "apply"`},
		{[]string{"pod", "nope", "-p", "{}"}, `Error from server (NotFound): pods "nope" not found`},
		{[]string{"pod", "web", "-p", "{}", "--bogus"}, "error: unknown flag: --bogus\nSee 'kubectl patch --help' for usage."},
		{[]string{"pod", "-p", "{}"}, "error: resource(s) were provided, but no name was specified"},
		// The playground patches pods only, on the server.
		{[]string{"node", "n1", "-p", "{}"}, `error: the playground patches pods only, not "node"`},
		{[]string{"pod", "web", "--patch-file", "x.json"}, "error: the playground has no files: give the patch with -p"},
	} {
		c := newCluster()
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web"}})
		out, _, err := kubectl.Run(c, append([]string{"patch"}, tc.args...), "")
		require.Error(t, err, "%q", tc.args)
		assert.Empty(t, out)
		assert.Equal(t, tc.want, err.Error(), "%q", tc.args)
	}
}
