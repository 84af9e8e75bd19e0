package scenario

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Expected texts from upstream v1.37.2: pkg/apis/node/validation
// (ValidateRuntimeClass, validateOverhead reusing the container
// resource check under overhead.limits, validateScheduling) and
// pkg/apis/core/validation (ValidateRuntimeClassName,
// validateSchedulingGates, ValidatePodCreate's nodeName rule), printed
// as kubectl prints an Invalid error.

const runtimeClass = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
overhead:
  podFixed: {cpu: 250m, memory: 64Mi}
scheduling:
  nodeSelector: {sandbox: gvisor}
  tolerations:
  - {key: sandbox, operator: Exists, effect: NoSchedule}
`

func TestRuntimeClassParseAndMarshal(t *testing.T) {
	s, err := Parse([]byte(runtimeClass), "rc.yaml")
	require.NoError(t, err)
	require.Len(t, s.RuntimeClasses, 1)
	rc := s.RuntimeClasses[0]
	assert.Equal(t, "gvisor", rc.Name)
	assert.Equal(t, "runsc", rc.Handler)
	assert.Equal(t, "250m", rc.Overhead.PodFixed["cpu"].String())
	assert.Equal(t, map[string]string{"sandbox": "gvisor"}, rc.Scheduling.NodeSelector)
	require.Len(t, rc.Scheduling.Tolerations, 1)

	out, err := s.Marshal()
	require.NoError(t, err)
	assert.Contains(t, string(out), "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\n")
	again, err := Parse(out, "rc.yaml")
	require.NoError(t, err)
	assert.Equal(t, s.RuntimeClasses, again.RuntimeClasses)
}

func TestRuntimeClassErrors(t *testing.T) {
	pod := func(name, extra string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec:\n  containers: [{name: c, image: x}]\n" + extra
	}
	rc := func(body string) string {
		return "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: rc}\n" + body
	}
	for _, c := range []struct{ name, in, want string }{
		{"handler required", rc(""), `rc.yaml: document 1: The RuntimeClass "rc" is invalid: handler: Required value`},
		{"handler a DNS label", rc("handler: Run_SC\n"),
			`rc.yaml: document 1: The RuntimeClass "rc" is invalid: handler: Invalid value: "Run_SC": a lowercase RFC 1123 label must consist of`},
		{"name a DNS subdomain", "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: RC}\nhandler: runc\n",
			`rc.yaml: document 1: The RuntimeClass "RC" is invalid: metadata.name: Invalid value: "RC": a lowercase RFC 1123 subdomain`},
		{"negative overhead", rc("handler: runc\noverhead: {podFixed: {cpu: -1}}\n"),
			`rc.yaml: document 1: The RuntimeClass "rc" is invalid: overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0`},
		{"bad selector", rc("handler: runc\nscheduling: {nodeSelector: {\"a b\": c}}\n"),
			`rc.yaml: document 1: The RuntimeClass "rc" is invalid: scheduling.nodeSelector: Invalid value: "a b": name part must consist of`},
		{"bad toleration", rc("handler: runc\nscheduling: {tolerations: [{key: k, operator: Exists, value: v}]}\n"),
			"rc.yaml: document 1: The RuntimeClass \"rc\" is invalid: scheduling.tolerations[0].operator: Invalid value: \"v\": value must be empty when `operator` is 'Exists'"},
		{"duplicate toleration", rc("handler: runc\nscheduling: {tolerations: [{key: k, operator: Exists}, {key: k, operator: Exists}]}\n"),
			`rc.yaml: document 1: The RuntimeClass "rc" is invalid: scheduling.tolerations[1]: Duplicate value:`},
		{"unknown field", rc("handler: runc\nspec: {}\n"),
			`rc.yaml: document 1: RuntimeClass in version "node.k8s.io/v1" cannot be handled as a RuntimeClass: strict decoding error: unknown field "spec"`},
		{"old version", "apiVersion: node.k8s.io/v1beta1\nkind: RuntimeClass\nmetadata: {name: rc}\nhandler: runc\n",
			`rc.yaml: document 1: no matches for kind "RuntimeClass" in version "node.k8s.io/v1beta1"`},
		{"pod runtimeClassName", pod("web", "  runtimeClassName: Kata\n"),
			`rc.yaml: document 1: The Pod "web" is invalid: spec.runtimeClassName: Invalid value: "Kata": a lowercase RFC 1123 subdomain`},
		{"pod gate name", pod("web", "  schedulingGates: [{name: \"a b\"}]\n"),
			`rc.yaml: document 1: The Pod "web" is invalid: spec.schedulingGates[0]: Invalid value: "a b": name part must consist of`},
		{"pod gate twice", pod("web", "  schedulingGates: [{name: a}, {name: a}]\n"),
			`rc.yaml: document 1: The Pod "web" is invalid: spec.schedulingGates[1]: Duplicate value: "a"`},
		{"gated pod with nodeName", pod("web", "  nodeName: n1\n  schedulingGates: [{name: a}]\n"),
			`rc.yaml: document 1: The Pod "web" is invalid: spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.in), "rc.yaml")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "got  %s\nwant %s", err, c.want)
		})
	}
}
