package cases

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/lint"
	"github.com/taints-playground/playground/core/sim"
)

// The admission and restart reports of issue 13. Expected texts and times
// come from upstream v1.37 (sources cited per test; worked out in
// shared/reference/CONTROLLERS.md §7 and §8).

// admitReport reads testdata/reports/NAME.yaml.
func admitReport(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reports", name+".yaml"))
	require.NoError(t, err)
	return string(b)
}

// admitRun parses and runs a report's text.
func admitRun(t *testing.T, text string) *sim.Result {
	t.Helper()
	s, err := scenario.Parse([]byte(text), "report.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// admitFinal is the pod of that name in the last frame (nil if absent).
func admitFinal(res *sim.Result, name string) *sim.PodState {
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// admitStep is the frame of the step command run.
func admitStep(t *testing.T, res *sim.Result, run string) *sim.Frame {
	t.Helper()
	for i := range res.Frames {
		if res.Frames[i].Step == run {
			return &res.Frames[i]
		}
	}
	t.Fatalf("no frame for step %q", run)
	return nil
}

// PodTolerationRestriction's Validate returns a plain error
// (podtolerationrestriction.(*Plugin).Validate): the API server answers
// 500 without a reason, which kubectl prints as "Error from server: ",
// after cmdutil.AddSourceToErr's `error when creating "STDIN": ` for the
// manifest kubectl apply -f - read.
const admitWhitelistRefusal = `Error from server: error when creating "STDIN": pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist`

func TestReportAdmitRefusedFilePod(t *testing.T) {
	text := admitReport(t, "admit-refused-file-pod")
	res := admitRun(t, text)
	require.Equal(t, []sim.Refusal{{Kind: "Pod", Namespace: "team", Name: "batch", Error: admitWhitelistRefusal}}, res.Refused)
	assert.Equal(t, admitWhitelistRefusal, res.Frames[0].Output, "the first frame's output")
	assert.Nil(t, admitFinal(res, "batch"), "never created")
	require.NotNil(t, admitFinal(res, "web"))
	assert.Equal(t, "Running", admitFinal(res, "web").Phase)
	for _, e := range res.Events {
		assert.NotEqual(t, "pod/team/batch", e.Object, "the API server records no event for a refused create: %+v", e)
	}
	apply := admitStep(t, res, "kubectl apply -f -")
	assert.True(t, apply.StepFailed())
	assert.Equal(t, admitWhitelistRefusal, apply.Output, "kubectl apply of the same pod gives the same text")

	var found bool
	for _, f := range lint.Lint([]byte(text)) {
		if f.Code == "admission-refused" {
			found = true
			assert.Equal(t, lint.Error, f.Severity)
			assert.Equal(t, "Pod/batch", f.Object)
			assert.Contains(t, f.Message, "pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist")
		}
	}
	assert.True(t, found, "Check lists the refusal")
}

// ExtendedResourceToleration (plugin/pkg/admission/extendedresourcetoleration
// Admit): the limit nvidia.com/gpu: 1 defaults the request (SetDefaults_Pod),
// the plugin adds {nvidia.com/gpu, Exists, NoSchedule}, which tolerates
// gpu-1's nvidia.com/gpu=present:NoSchedule. Without the plugin the pod
// stays Pending: gpu-1 has an untolerated taint (TaintToleration's "node(s)
// had untolerated taint(s)") and cpu-1 no GPU ("Insufficient
// nvidia.com/gpu").
func TestReportAdmitGPUToleration(t *testing.T) {
	text := admitReport(t, "admit-gpu-toleration")
	res := admitRun(t, text)
	p := admitFinal(res, "train")
	require.NotNil(t, p)
	assert.Equal(t, "Running", p.Phase)
	assert.Equal(t, "gpu-1", p.Node)
	require.Len(t, p.Tolerations, 3)
	assert.Equal(t, "nvidia.com/gpu", p.Tolerations[2].Key)
	assert.Equal(t, "Exists", string(p.Tolerations[2].Operator))
	assert.Equal(t, "NoSchedule", string(p.Tolerations[2].Effect))
	assert.Nil(t, p.Tolerations[2].TolerationSeconds)
	assert.Equal(t, []string{"DefaultTolerationSeconds", "DefaultTolerationSeconds", "ExtendedResourceToleration"}, p.TolerationSources)

	off := strings.Replace(text, "  enableAdmissionPlugins: [ExtendedResourceToleration]\n", "", 1)
	require.NotEqual(t, text, off)
	p = admitFinal(admitRun(t, off), "train")
	require.NotNil(t, p)
	assert.Equal(t, "Pending", p.Phase)
	assert.Contains(t, p.FailedSchedulingMessage, "1 node(s) had untolerated taint(s)")
	assert.Contains(t, p.FailedSchedulingMessage, "1 Insufficient nvidia.com/gpu")
}

// The taint-eviction controller's timers live in kube-controller-manager
// (taintEvictionQueue); the new process processes every pod of a tainted
// node with now = its start (handleNodeUpdate → processPodOnNode), so the
// 300 s count restarts: tainted at 0 s, restarted at 200 s, deleted at
// 500 s instead of 300 s (CONTROLLERS.md §8.3 (a)).
func TestReportAdmitRestartDelaysEviction(t *testing.T) {
	text := admitReport(t, "admit-restart-delays-eviction")
	res := admitRun(t, text)
	p := admitFinal(res, "cache")
	require.NotNil(t, p)
	require.NotNil(t, p.EvictedAt)
	assert.Equal(t, 500.0, *p.EvictedAt)
	var marks []float64
	for _, e := range res.Events {
		if e.Object == "pod/default/cache" && e.Reason == "TaintManagerEviction" {
			assert.Equal(t, "Marking for deletion Pod default/cache", e.Message)
			marks = append(marks, e.At)
		}
	}
	assert.Equal(t, []float64{500}, marks, "no Cancelling event for the lost timer")

	without := strings.Replace(text, "- at: 200s\n  run: restart kube-controller-manager\n", "", 1)
	require.NotEqual(t, text, without)
	p = admitFinal(admitRun(t, without), "cache")
	require.NotNil(t, p.EvictedAt)
	assert.Equal(t, 300.0, *p.EvictedAt, "without the restart")
}

// kubectl taint processes nodes independently: n1 is tainted (13
// untolerated pods deleted in the step's frame), n9 fails with the API
// server's NotFound. The step is failed whatever its summary lists.
func TestReportAdmitFailedWith13Evictions(t *testing.T) {
	res := admitRun(t, admitReport(t, "admit-failed-13-evictions"))
	f := admitStep(t, res, "kubectl taint nodes n1 n9 maintenance=true:NoExecute")
	assert.True(t, f.StepFailed())
	assert.Equal(t, "node/n1 tainted\nError from server (NotFound): nodes \"n9\" not found", f.Output)
	assert.NotContains(t, f.Summary, "the command failed", "the summary is cut at sim.MaxSummaryNotes")
	evicted := 0
	for _, p := range f.Pods {
		if p.EvictedAt != nil && *p.EvictedAt == 10 {
			evicted++
		}
	}
	assert.Equal(t, 13, evicted)
}
