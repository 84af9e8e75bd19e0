package kubectl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// Expected texts follow kubectl v1.37: printers.printNode and printPod
// (k8s.io/kubernetes pkg/printers/internalversion), the table writer of
// cli-runtime (tabwriter minwidth 6, tabwidth 4, padding 3), get's
// printGeneric (a List for several objects), the field label conversion
// functions of pkg/apis/core/v1 and cmdutil.CheckErr. The jsonpath and
// custom-columns printers are compared with kubectl's own in
// test/upstream/kubectl_get_test.go.

// getLine runs one `kubectl get …` command line (shell-quoted) on the
// real-cluster fixture.
func getLine(t *testing.T, line string) string {
	t.Helper()
	args, err := kubectl.Split(line)
	require.NoError(t, err, line)
	require.Equal(t, []string{"kubectl", "get"}, args[:2], line)
	return transcript(kubectl.Get(realCluster(), args[2:]))
}

const (
	eks1 = "ip-10-0-1-23.eu-west-1.compute.internal"
	eks2 = "ip-10-0-2-45.eu-west-1.compute.internal"
	gke  = "gke-prod-pool-1-abcd1234-x9z8"
)

func TestGetNodes(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"kubectl get nodes", "" +
			"NAME                                      STATUS                     ROLES                  AGE   VERSION\n" +
			"cp-1                                      Unknown                    control-plane,master   3h    \n" +
			"gke-prod-pool-1-abcd1234-x9z8             NotReady                   worker                 3h    v1.37.2-gke.1044000\n" +
			"ip-10-0-1-23.eu-west-1.compute.internal   Ready                      <none>                 3h    v1.37.2-eks-4a5b6c7\n" +
			"ip-10-0-2-45.eu-west-1.compute.internal   Ready,SchedulingDisabled   gpu                    3h    v1.37.2-eks-4a5b6c7"},
		{"kubectl get no " + gke + " " + eks1 + " -o wide", "" +
			"NAME                                      STATUS     ROLES    AGE   VERSION               INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                             KERNEL-VERSION                            CONTAINER-RUNTIME\n" +
			"gke-prod-pool-1-abcd1234-x9z8             NotReady   worker   3h    v1.37.2-gke.1044000   10.132.0.7    34.76.12.34   Container-Optimized OS from Google   6.6.56+ (amd64)                           containerd://1.7.24\n" +
			"ip-10-0-1-23.eu-west-1.compute.internal   Ready      <none>   3h    v1.37.2-eks-4a5b6c7   10.0.1.23     <none>        Amazon Linux 2023.6.20250115         6.1.119-129.201.amzn2023.x86_64 (amd64)   containerd://1.7.25"},
		{"kubectl get node/cp-1 -o wide --no-headers", "" +
			"cp-1   Unknown   control-plane,master   3h          <none>   <none>   <unknown>   <unknown>   <unknown>"},
		{"kubectl get nodes -l node-role.kubernetes.io/gpu", "" +
			"NAME                                      STATUS                     ROLES   AGE   VERSION\n" +
			"ip-10-0-2-45.eu-west-1.compute.internal   Ready,SchedulingDisabled   gpu     3h    v1.37.2-eks-4a5b6c7"},
		{"kubectl get nodes -l '!node-role.kubernetes.io/control-plane,topology.kubernetes.io/zone notin (eu-west-1b)' -o name",
			"node/" + gke + "\nnode/" + eks1},
		{"kubectl get nodes --field-selector spec.unschedulable=true -o name", "node/" + eks2},
		{"kubectl get nodes --field-selector metadata.name!=cp-1,spec.unschedulable==false -o name", "node/" + gke + "\nnode/" + eks1},
		{"kubectl get nodes -l kubernetes.io/os=windows", "No resources found"},
		// resource.EnhanceListError names the resource and selectors.
		{"kubectl get nodes --field-selector spec.nodeName=x", `Error from server (BadRequest): Unable to find "/v1, Resource=nodes" that match label selector "", field selector "spec.nodeName=x": field label not supported: spec.nodeName`},
		{"kubectl get node nope", `Error from server (NotFound): nodes "nope" not found`},
		{"kubectl get nodes cp-1 nope -o name", "node/cp-1\n" + `Error from server (NotFound): nodes "nope" not found`},
	} {
		assert.Equal(t, tc.want, getLine(t, tc.line), tc.line)
	}
}

func TestGetPodsAcrossNamespaces(t *testing.T) {
	all := "" +
		"NAMESPACE     NAME                       READY   STATUS    RESTARTS   AGE\n" +
		"default       trainer-0                  0/1     Pending   0          178m\n" +
		"default       web-7d4b9c-9fz8m           1/1     Running   0          3h\n" +
		"default       web-7d4b9c-x2kqp           1/1     Running   0          3h\n" +
		"kube-system   aws-node-x7k2p             1/1     Running   0          178m\n" +
		"kube-system   coredns-5d78c9869d-abcde   1/1     Running   0          178m"
	for _, tc := range []struct{ line, want string }{
		{"kubectl get pods -A", all},
		{"kubectl get po --all-namespaces", all},
		{"kubectl get pods -A -o wide --field-selector spec.nodeName=" + eks1, "" +
			"NAMESPACE     NAME                       READY   STATUS    RESTARTS   AGE    IP       NODE                                      NOMINATED NODE   READINESS GATES\n" +
			"default       web-7d4b9c-x2kqp           1/1     Running   0          3h     <none>   ip-10-0-1-23.eu-west-1.compute.internal   <none>           <none>\n" +
			"kube-system   coredns-5d78c9869d-abcde   1/1     Running   0          178m   <none>   ip-10-0-1-23.eu-west-1.compute.internal   <none>           <none>"},
		{"kubectl get pods -n kube-system", "" +
			"NAME                       READY   STATUS    RESTARTS   AGE\n" +
			"aws-node-x7k2p             1/1     Running   0          178m\n" +
			"coredns-5d78c9869d-abcde   1/1     Running   0          178m"},
		{"kubectl get pods -l app=web -o name", "pod/web-7d4b9c-9fz8m\npod/web-7d4b9c-x2kqp"},
		{"kubectl get pods -l app==trainer -o name", "pod/trainer-0"},
		{"kubectl get pods -l 'app!=web' -o name", "pod/trainer-0"},
		{"kubectl get pods -l 'app in (web,trainer),tier' -o name", "pod/web-7d4b9c-9fz8m\npod/web-7d4b9c-x2kqp"},
		{"kubectl get pods -A -l 'app notin (web)' -o name", "pod/trainer-0\npod/aws-node-x7k2p\npod/coredns-5d78c9869d-abcde"},
		{"kubectl get pods -A --selector '!app' -o name", "pod/aws-node-x7k2p\npod/coredns-5d78c9869d-abcde"},
		{"kubectl get pods -A --field-selector status.phase=Pending -o name", "pod/trainer-0"},
		{"kubectl get pods -A --field-selector spec.nodeName= -o name", "pod/trainer-0"},
		{"kubectl get pods -A --field-selector metadata.namespace!=default,status.phase=Running -o name", "pod/aws-node-x7k2p\npod/coredns-5d78c9869d-abcde"},
		{"kubectl get pods --field-selector metadata.name=web-7d4b9c-x2kqp -o name", "pod/web-7d4b9c-x2kqp"},
		{"kubectl get pods -l app=nope", "No resources found in default namespace."},
		{"kubectl get pods -A -l app=nope", "No resources found"},
		{"kubectl get pods --field-selector spec.nodeName", `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.nodeName": invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'`},
		{"kubectl get pods -l app=web --field-selector status.hostIP=10.0.1.23", `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "app=web", field selector "status.hostIP=10.0.1.23": field label not supported: status.hostIP`},
		{"kubectl get pods --field-selector 'spec.nodeName=a\\b'", `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.nodeName=a\\b": invalid field selector: invalid escape sequence: \b`},
		{"kubectl get pod trainer-0 -A", "error: a resource cannot be retrieved by name across all namespaces"},
		{"kubectl get pod trainer-0 -l app=web", "error: name cannot be provided when a selector is specified"},
		{"kubectl get pod/trainer-0 -l app=web", "error: selectors and the all flag cannot be used when passing resource/name arguments"},
	} {
		assert.Equal(t, tc.want, getLine(t, tc.line), tc.line)
	}
}

func TestGetOutputFormats(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"kubectl get nodes -o jsonpath='{.items[*].metadata.name}'",
			"cp-1 " + gke + " " + eks1 + " " + eks2},
		{`kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.taints}{"\n"}{end}'`, "" +
			"cp-1\t[{\"effect\":\"NoSchedule\",\"key\":\"node-role.kubernetes.io/control-plane\"}]\n" +
			gke + "\t[{\"effect\":\"NoExecute\",\"key\":\"node.kubernetes.io/unreachable\"}]\n" +
			eks1 + "\t\n" +
			eks2 + "\t[{\"effect\":\"NoSchedule\",\"key\":\"dedicated\",\"value\":\"gpu\"},{\"effect\":\"NoSchedule\",\"key\":\"nvidia.com/gpu\"},{\"effect\":\"NoSchedule\",\"key\":\"node.kubernetes.io/unschedulable\"}]"},
		{`kubectl get nodes -o jsonpath='{.items[*].spec.taints[?(@.effect=="NoSchedule")].key}'`,
			"node-role.kubernetes.io/control-plane dedicated nvidia.com/gpu node.kubernetes.io/unschedulable"},
		{`kubectl get nodes -o=jsonpath='{.items[*].status.addresses[?(@.type=="ExternalIP")].address}'`, "34.76.12.34"},
		{`kubectl get nodes -o jsonpath='{.items[*].metadata.labels.topology\.kubernetes\.io/zone}'`,
			"europe-west1-b eu-west-1a eu-west-1b"},
		{`kubectl get node cp-1 -o jsonpath='{.metadata.name}: {.spec.taints[0].key}'`, "cp-1: node-role.kubernetes.io/control-plane"},
		{"kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints", "" +
			"NAME                                      TAINTS\n" +
			"cp-1                                      [map[effect:NoSchedule key:node-role.kubernetes.io/control-plane]]\n" +
			"gke-prod-pool-1-abcd1234-x9z8             [map[effect:NoExecute key:node.kubernetes.io/unreachable]]\n" +
			"ip-10-0-1-23.eu-west-1.compute.internal   <none>\n" +
			"ip-10-0-2-45.eu-west-1.compute.internal   [map[effect:NoSchedule key:dedicated value:gpu] map[effect:NoSchedule key:nvidia.com/gpu] map[effect:NoSchedule key:node.kubernetes.io/unschedulable]]"},
		{"kubectl get pods -o custom-columns='POD:metadata.name,NODE:{.spec.nodeName}' --no-headers", "" +
			"trainer-0          <none>\n" +
			"web-7d4b9c-9fz8m   gke-prod-pool-1-abcd1234-x9z8\n" +
			"web-7d4b9c-x2kqp   ip-10-0-1-23.eu-west-1.compute.internal"},
		{"kubectl get pod trainer-0 -o yaml", "" +
			"apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: \"2026-01-01T00:01:30Z\"\n  labels:\n    app: trainer\n    gpu: a100\n" +
			"  name: trainer-0\n  namespace: default\n  uid: uid-2\nspec:\n  containers:\n  - image: nginx:1.27\n    name: app\n    resources: {}\n" +
			"status:\n  phase: Pending"},
		{"kubectl get pods -l app=trainer -o json", `{
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {
                "creationTimestamp": "2026-01-01T00:01:30Z",
                "labels": {
                    "app": "trainer",
                    "gpu": "a100"
                },
                "name": "trainer-0",
                "namespace": "default",
                "uid": "uid-2"
            },
            "spec": {
                "containers": [
                    {
                        "image": "nginx:1.27",
                        "name": "app",
                        "resources": {}
                    }
                ]
            },
            "status": {
                "phase": "Pending"
            }
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}`},
		{"kubectl get pods -n empty -o json", "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}"},
		{"kubectl get pods -n empty -o name", ""},
	} {
		assert.Equal(t, tc.want, getLine(t, tc.line), tc.line)
	}
}

func TestGetErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"kubectl get", "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\n" +
			"error: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\n" +
			"See 'kubectl get -h' for help and examples"},
		{"kubectl get nodes --sort", "error: unknown flag: --sort\nSee 'kubectl get --help' for usage."},
		{"kubectl get nodes -o yml", `error: unable to match a printer suitable for the output format "yml", allowed formats are: ` +
			"custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml"},
		{"kubectl get nodes -o jsonpath", "error: template format specified but no template given"},
		{"kubectl get nodes -o 'jsonpath={.items[*].metadata.name'", "error: error parsing jsonpath {.items[*].metadata.name, unclosed action"},
		{"kubectl get nodes -o 'jsonpath={.items[?(@.x==1}'", "error: error parsing jsonpath {.items[?(@.x==1}, unterminated filter"},
		{"kubectl get nodes -o custom-columns=NAME", "error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>"},
		{"kubectl get widgets", `the server doesn't have a resource type "widgets"`},
		{"kubectl get Widgets x", `the server doesn't have a resource type "widgets"`},
		{"kubectl get pod nope", `Error from server (NotFound): pods "nope" not found`},
		{"kubectl get pod nope -o yaml", `Error from server (NotFound): pods "nope" not found`},
		{"kubectl get pods -l 'a b'", `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "a b", field selector "": unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt`},
		{"kubectl get nodes -l 'tier in (a,b'", `Error from server (BadRequest): Unable to find "/v1, Resource=nodes" that match label selector "tier in (a,b", field selector "": unable to parse requirement: found '', expected: ',' or ')'`},
		{"kubectl get nodes -l '!a=b'", `Error from server (BadRequest): Unable to find "/v1, Resource=nodes" that match label selector "!a=b", field selector "": found '=', expected: ',' or 'end of string'`},
	} {
		assert.Equal(t, tc.want, getLine(t, tc.line), tc.line)
	}
}

// A get does not write: the cluster records no calls.
func TestGetIsReadOnly(t *testing.T) {
	c := realCluster()
	for _, line := range []string{"nodes -o yaml", "pods -A -o wide", "nodes -o name", "events"} {
		_, err := kubectl.Get(c, strings.Fields(line))
		require.NoError(t, err, line)
	}
	assert.Empty(t, c.calls)
	assert.Empty(t, c.writes)
}

func TestSplitAlias(t *testing.T) {
	for line, want := range map[string][]string{
		"k get nodes":   {"kubectl", "get", "nodes"},
		"  k   get po":  {"kubectl", "get", "po"},
		"'k' get nodes": {"k", "get", "nodes"},
		"kubectl get k": {"kubectl", "get", "k"},
		"kk get nodes":  {"kk", "get", "nodes"},
		`k get no -o 'jsonpath={.items[*].metadata.name}'`: {"kubectl", "get", "no", "-o", "jsonpath={.items[*].metadata.name}"},
	} {
		got, err := kubectl.Split(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
	}
}

// A pasted node was created whenever the dump was taken, after the
// playground's epoch (its virtual t=0): it exists from t=0, so its AGE is
// the virtual time elapsed, not kubectl's <invalid> for a future time.
func TestGetNodesCreatedAfterTheEpoch(t *testing.T) {
	n := node("ip-10-0-9-9.eu-west-1.compute.internal", nil, false)
	n.CreationTimestamp = &core.Time{Time: kubectl.DescribeEpoch.Add(330 * 24 * time.Hour)}
	c := newCluster(n)
	c.now = 3 * time.Hour
	out := transcript(kubectl.Get(c, []string{"nodes"}))
	assert.Contains(t, out, "ip-10-0-9-9.eu-west-1.compute.internal   Unknown   <none>   3h")
	assert.NotContains(t, out, "<invalid>")
}
