package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Create-time validation of labels, node selectors, node affinity,
// containers and resources, with upstream's field paths and messages
// (pkg/apis/core/validation, apimachinery ValidateLabels).
func TestPodSpecValidation(t *testing.T) {
	const labelValueMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	const qualifiedMsg = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	pod := func(meta, spec string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: p" + meta + "}\nspec:\n" + spec
	}
	const ctr = "  containers: [{name: c, image: x}]\n"
	tests := []struct{ name, doc, want string }{
		{"label value", pod(", labels: {app: \"bad value!\"}", ctr),
			`The Pod "p" is invalid: metadata.labels: Invalid value: "bad value!": ` + labelValueMsg},
		{"label key", pod(", labels: {\"bad key\": v}", ctr),
			`The Pod "p" is invalid: metadata.labels: Invalid value: "bad key": ` + qualifiedMsg},
		{"nodeSelector", pod("", ctr+"  nodeSelector: {pool: \"a b\"}\n"),
			`The Pod "p" is invalid: spec.nodeSelector: Invalid value: "a b": ` + labelValueMsg},
		{"no containers", pod("", "  containers: []\n"),
			`The Pod "p" is invalid: spec.containers: Required value`},
		{"container name", pod("", "  containers: [{name: Web_1, image: x}]\n"),
			`The Pod "p" is invalid: spec.containers[0].name: Invalid value: "Web_1": ` + labelMsg},
		{"duplicate container", pod("", "  containers: [{name: c, image: x}, {name: c, image: z}]\n"),
			`The Pod "p" is invalid: spec.containers[1].name: Duplicate value: "c"`},
		{"negative request", pod("", "  containers: [{name: c, image: x, resources: {requests: {cpu: \"-1\"}}}]\n"),
			`The Pod "p" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0`},
		{"request above limit", pod("", "  containers: [{name: c, image: x, resources: {requests: {memory: 2Gi}, limits: {memory: 1Gi}}}]\n"),
			// validateResourceRequirements reports on reqPath, the list.
			`The Pod "p" is invalid: spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi`},
		{"extended request below limit", pod("", "  containers: [{name: c, image: x, resources: {requests: {nvidia.com/gpu: 1}, limits: {nvidia.com/gpu: 2}}}]\n"),
			`The Pod "p" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2`},
		{"extended request without limit", pod("", "  containers: [{name: c, image: x, resources: {requests: {nvidia.com/gpu: 1}}}]\n"),
			`The Pod "p" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources`},
		{"extended fraction", pod("", "  containers: [{name: c, image: x, resources: {limits: {example.com/dongle: 500m}}}]\n"),
			// The request defaulted from the limit is validated too.
			"The Pod \"p\" is invalid: \n* spec.containers[0].resources.limits[example.com/dongle]: Invalid value: \"500m\": must be an integer" +
				"\n* spec.containers[0].resources.requests[example.com/dongle]: Invalid value: \"500m\": must be an integer"},
		{"template extended fraction", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n      containers: [{name: c, image: x, resources: {limits: {example.com/dongle: 500m}}}]\n",
			`The Deployment "d" is invalid: spec.template.spec.containers[0].resources.limits[example.com/dongle]: Invalid value: "500m": must be an integer`},
		{"hugepages alone", pod("", "  initContainers: [{name: i, image: x, resources: {limits: {hugepages-2Mi: 2Mi}}}]\n"+ctr),
			`The Pod "p" is invalid: spec.initContainers[0].resources: Forbidden: HugePages require cpu or memory`},
		{"affinity In without values", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: In}]}]}}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"},
		{"affinity bad operator", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: in, values: [a]}]}]}}}\n"),
			`The Pod "p" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "in": not a valid selector operator`},
		{"affinity Exists with values", pod("", ctr+"  affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, preference: {matchExpressions: [{key: pool, operator: Exists, values: [a]}]}}]}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"},
		{"affinity Gt two values", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: num, operator: Gt, values: [\"1\", \"2\"]}]}]}}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'"},
		{"affinity bad key and value", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: \"a b\", operator: In, values: [\"x y\"]}]}]}}}\n"),
			"The Pod \"p\" is invalid: \n* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: \"a b\": " + qualifiedMsg +
				"\n* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: \"x y\": " + labelValueMsg},
		{"weight", pod("", ctr+"  affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, preference: {matchExpressions: [{key: pool, operator: Exists}]}}]}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100"},
		{"no terms", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: []}}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term"},
		{"matchFields", pod("", ctr+"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.labels, operator: In, values: [a]}]}]}}}\n"),
			"The Pod \"p\" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key: Invalid value: \"metadata.labels\": not a valid field selector key"},
		// validateTopologySpreadConstraints.
		{"spread maxSkew and key", pod("", ctr+"  topologySpreadConstraints: [{maxSkew: 0, topologyKey: \"\", whenUnsatisfiable: Maybe}]\n"),
			"The Pod \"p\" is invalid: \n* spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero" +
				"\n* spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty" +
				"\n* spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: \"Maybe\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\""},
		{"spread policy", pod("", ctr+"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, nodeTaintsPolicy: honor}]\n"),
			"The Pod \"p\" is invalid: spec.topologySpreadConstraints[0].nodeTaintsPolicy: Unsupported value: \"honor\": supported values: \"Honor\", \"Ignore\""},
		{"spread minDomains", pod("", ctr+"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, minDomains: 3}]\n"),
			"The Pod \"p\" is invalid: spec.topologySpreadConstraints[0].minDomains: Invalid value: 3: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"},
		{"spread duplicate", pod("", ctr+"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}, {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}]\n"),
			"The Pod \"p\" is invalid: spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{zone, DoNotSchedule}\""},
		{"spread selector", pod("", ctr+"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchExpressions: [{key: app, operator: Exists, values: [x]}]}}]\n"),
			"The Pod \"p\" is invalid: spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"},
		// validatePodAffinityTerm and validateWeightedPodAffinityTerms.
		{"anti-affinity topologyKey", pod("", ctr+"  affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchLabels: {app: web}}, topologyKey: \"\"}]}}\n"),
			"The Pod \"p\" is invalid: \n* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty" +
				"\n* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": name part must be non-empty" +
				"\n* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: \"\": " + qualifiedMsg},
		{"affinity weight and selector", pod("", ctr+"  affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, podAffinityTerm: {labelSelector: {matchLabels: {app: \"bad value!\"}}, topologyKey: zone}}]}}\n"),
			"The Pod \"p\" is invalid: \n* spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100" +
				"\n* spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchLabels: Invalid value: \"bad value!\": " + labelValueMsg},
		// validateContainerPorts.
		{"host port range", pod("", "  containers: [{name: c, image: x, ports: [{containerPort: 80, hostPort: 70000}]}]\n"),
			"The Pod \"p\" is invalid: spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive"},
		{"port protocol", pod("", "  containers: [{name: c, image: x, ports: [{containerPort: 80, protocol: tcp}]}]\n"),
			"The Pod \"p\" is invalid: spec.containers[0].ports[0].protocol: Unsupported value: \"tcp\": supported values: \"SCTP\", \"TCP\", \"UDP\""},
		{"node label", "apiVersion: v1\nkind: Node\nmetadata: {name: n1, labels: {zone: \"a/b\"}}\n",
			`The Node "n1" is invalid: metadata.labels: Invalid value: "a/b": ` + labelValueMsg},
		{"template nodeSelector", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n      nodeSelector: {pool: \"!\"}\n      containers: [{name: c, image: x}]\n",
			`The Deployment "d" is invalid: spec.template.spec.nodeSelector: Invalid value: "!": ` + labelValueMsg},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.doc), "web.yaml")
			assert.EqualError(t, err, "web.yaml: document 1: "+tc.want)
		})
	}
	// Valid specs still parse.
	ok := pod(", labels: {app: web, \"example.com/tier\": \"\"}", ctr+"  nodeSelector: {pool: gpu}\n"+
		"  affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: num, operator: Gt, values: [\"3\"]}], matchFields: [{key: metadata.name, operator: In, values: [n1]}]}]}}}\n")
	if _, err := Parse([]byte(ok), "ok.yaml"); err != nil {
		assert.Contains(t, err.Error(), "Scenario", "valid pod rejected")
	}
}
