package upstream

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	cliprinters "k8s.io/cli-runtime/pkg/printers"
	"k8s.io/kubectl/pkg/cmd/get"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	apiv1 "k8s.io/kubernetes/pkg/apis/core/v1"
	"k8s.io/kubernetes/pkg/printers"
	printersinternal "k8s.io/kubernetes/pkg/printers/internalversion"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

// getCluster is a kubectl.Cluster holding nodes and pods for kubectl get;
// the other calls are not used.
type getCluster struct {
	nodes []*core.Node
	pods  []*core.Pod
}

var _ kubectl.Cluster = (*getCluster)(nil)

func (c *getCluster) List() []*core.Node { return c.nodes }
func (c *getCluster) Get(name string) (*core.Node, bool) {
	for _, n := range c.nodes {
		if n.Name == name {
			return n, true
		}
	}
	return nil, false
}
func (c *getCluster) Update(*core.Node) error { return nil }
func (c *getCluster) Pod(ns, name string) (*core.Pod, bool) {
	for _, p := range c.pods {
		if p.Namespace == ns && p.Name == name {
			return p, true
		}
	}
	return nil, false
}
func (c *getCluster) Pods(ns string) []*core.Pod {
	var out []*core.Pod
	for _, p := range c.pods {
		if ns == "" || p.Namespace == ns {
			out = append(out, p)
		}
	}
	return out
}
func (c *getCluster) NodePods(string) []*core.Pod { return nil }
func (c *getCluster) DescribedNode(string) (*core.Node, []kubectl.NodePod, bool) {
	return nil, nil, false
}
func (c *getCluster) Events() []core.Event                        { return nil }
func (c *getCluster) Now() time.Duration                          { return time.Hour }
func (c *getCluster) DeletePod(string, string, *int64) error      { return nil }
func (c *getCluster) EvictPod(string, string, string, bool) error { return nil }
func (c *getCluster) Scale(string, string, string, int32) error   { return nil }
func (c *getCluster) Decode(string) (*kubectl.Manifest, error)    { return nil, nil }
func (c *getCluster) Apply(any) (string, error)                   { return "", nil }
func (c *getCluster) Narrate(string)                              {}

var (
	getZones  = []string{"eu-west-1a", "eu-west-1b", "europe-west1-b"}
	getTaints = []core.Taint{
		{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "nvidia.com/gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "node.kubernetes.io/unreachable", Effect: core.TaintEffectNoExecute},
		{Key: "spot", Value: "true", Effect: core.TaintEffectPreferNoSchedule},
		{Key: "node-role.kubernetes.io/control-plane", Effect: core.TaintEffectNoSchedule},
	}
)

// randomGetNode is an EKS- or GKE-like node with some of the labels,
// taints, addresses and kubelet report real nodes carry.
func randomGetNode(r *rand.Rand, i int) *core.Node {
	name := fmt.Sprintf("ip-10-0-%d-%d.eu-west-1.compute.internal", i, r.IntN(250))
	if r.IntN(2) == 0 {
		name = fmt.Sprintf("gke-prod-pool-%d-abcd%04d-x9z%d", r.IntN(3), r.IntN(9999), i)
	}
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}}}
	if r.IntN(4) > 0 {
		n.Labels["topology.kubernetes.io/zone"] = getZones[r.IntN(len(getZones))]
		n.Labels["kubernetes.io/arch"] = "amd64"
	}
	if r.IntN(3) == 0 {
		n.Labels["node-role.kubernetes.io/worker"] = ""
	}
	for _, t := range getTaints {
		if r.IntN(3) == 0 {
			n.Spec.Taints = append(n.Spec.Taints, t)
		}
	}
	n.Spec.Unschedulable = r.IntN(4) == 0
	if r.IntN(4) > 0 {
		status := []core.ConditionStatus{core.ConditionTrue, core.ConditionFalse, core.ConditionUnknown}[r.IntN(3)]
		n.Status.Conditions = []core.NodeCondition{{Type: core.NodeMemoryPressure, Status: core.ConditionFalse}, {Type: core.NodeReady, Status: status}}
	}
	if r.IntN(4) > 0 {
		n.Status.Addresses = []core.NodeAddress{{Type: core.NodeInternalIP, Address: fmt.Sprintf("10.0.%d.%d", i, r.IntN(250))}, {Type: "Hostname", Address: name}}
		if r.IntN(2) == 0 {
			n.Status.Addresses = append(n.Status.Addresses, core.NodeAddress{Type: core.NodeExternalIP, Address: fmt.Sprintf("34.76.%d.%d", i, r.IntN(250))})
		}
		n.Status.NodeInfo = core.NodeSystemInfo{KubeletVersion: "v1.37.2", OSImage: "Amazon Linux 2023", KernelVersion: "6.1.119", ContainerRuntimeVersion: "containerd://1.7.25", Architecture: "amd64"}
	}
	if r.IntN(2) == 0 {
		n.Status.Capacity = core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourcePods: core.MustParseQuantity("110")}
	}
	return n
}

func randomGetPod(r *rand.Rand, i int, nodes []*core.Node) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("web-%d", i), Namespace: []string{"default", "kube-system"}[r.IntN(2)],
		Labels: map[string]string{"app": []string{"web", "api"}[r.IntN(2)]}},
		Spec: core.PodSpec{Containers: []core.Container{{Name: "app", Image: "nginx:1.27"}}}}
	if r.IntN(3) > 0 {
		p.Spec.NodeName = nodes[r.IntN(len(nodes))].Name
		p.Status.Phase = core.PodRunning
	} else {
		p.Status.Phase = core.PodPending
	}
	if r.IntN(2) == 0 {
		p.Spec.Tolerations = []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "gpu", Effect: core.TaintEffectNoSchedule}}
	}
	return p
}

// getTemplates are kubectl JSONPath templates of the idioms people use.
var getTemplates = []string{
	`{.items[*].metadata.name}`,
	`{.items[*].metadata.labels}`,
	`{.items[*].spec.taints}`,
	`{.items[*].spec.taints[*].key}`,
	`{.items[*].spec.taints[?(@.effect=="NoSchedule")]}`,
	`{.items[*].spec.taints[?(@.effect=="NoSchedule")].key}`,
	`{.items[*].spec.taints[?(@.effect!="NoExecute")].key}`,
	`{.items[*].spec.taints[?(@.value)].value}`,
	`{.items[*].spec.taints[?(@.value=="gpu")].key}`,
	`{.items[*].spec.taints[?(@.value!="gpu")].key}`,
	`{.items[*].status.addresses[?(@.type=="InternalIP")].address}`,
	`{.items[*].status.conditions[?(@.type=="Ready")].status}`,
	`{.items[*].status.nodeInfo.kubeletVersion}`,
	`{.items[*].status.capacity.cpu}`,
	`{.items[*].spec.unschedulable}`,
	`{.items[*].metadata.labels.kubernetes\.io/hostname}`,
	`{.items[*].metadata.labels.topology\.kubernetes\.io/zone}`,
	`{.items[*].metadata['name','namespace']}`,
	`{.items[*].spec.containers[*].image}`,
	`{.items[*].spec.nodeName}`,
	`{.items[*].spec.tolerations[?(@.operator=="Equal")].key}`,
	`{.kind} {.apiVersion} {.metadata}`,
	`{.items[0].metadata.name}`,
	`{.items[2].metadata.name}`,
	`{.items[1:3].metadata.name}`,
	`{.items[-2].spec.taints[0].key}`,
	`{.items[*].spec.taints[1]}`,
	`{.items[*].metadata[0]}`,
	`{.items[-1:].metadata.name}`,
	`{.items[0:1].metadata.name}`,
	`{.items[::2].metadata.name}`,
	`{$.items[*].metadata.name}`,
	`names: {.items[*].metadata.name}!`,
	`{range .items[*]}{.metadata.name}{"\t"}{.spec.taints}{"\n"}{end}`,
	`{range .items[*]}{.metadata.name}{":"}{range .spec.taints[*]}{.key}={.effect}{","}{end}{"\n"}{end}`,
	`{range .items[*]}[{.metadata.name}] {.status.addresses[?(@.type=="ExternalIP")].address}{'\n'}{end}`,
	`{range .items[*].spec.taints[*]}{@.key}{"\n"}{end}`,
	`{range .items[*]}{.metadata.namespace}/{.metadata.name} {.status.phase}{"\n"}{end}`,
	`{.items[*].metadata.creationTimestamp}`,
	`{@}`,
	`{.items[*].status.conditions[?(@.status=="True")].type}`,
}

// getColumns are custom-columns specs.
var getColumns = []string{
	`NAME:.metadata.name,TAINTS:.spec.taints`,
	`NAME:.metadata.name,KEYS:.spec.taints[*].key,EFFECTS:.spec.taints[*].effect`,
	`NODE:metadata.name,ZONE:.metadata.labels.topology\.kubernetes\.io/zone,IP:.status.addresses[?(@.type=="InternalIP")].address`,
	`NAME:{.metadata.name},UNSCHEDULABLE:{.spec.unschedulable},CPU:.status.capacity.cpu`,
	`NAME:.metadata.name,LABELS:.metadata.labels,NODE:.spec.nodeName`,
	`NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status,EMPTY:`,
	`NAME:.metadata.name,FIRST:.spec.taints[0].key`,
	`POD:.metadata.name,TOLERATIONS:.spec.tolerations,IMAGES:.spec.containers[*].image`,
}

// upstreamGet prints what kubectl get -o output prints for objs
// (get.(*GetOptions).printGeneric: a List of unstructured objects, or the
// one object asked for by name).
func upstreamGet(t *testing.T, output string, objs []any, single bool) (string, error) {
	pf := get.NewGetPrintFlags()
	pf.OutputFormat = &output
	p, err := pf.ToPrinter()
	if err != nil {
		return "", err
	}
	var items []unstructured.Unstructured
	for _, o := range objs {
		data, err := json.Marshal(o)
		require.NoError(t, err)
		u := unstructured.Unstructured{}
		require.NoError(t, u.UnmarshalJSON(data))
		items = append(items, u)
	}
	var buf bytes.Buffer
	if single {
		err = p.PrintObj(&items[0], &buf)
	} else {
		list := &unstructured.UnstructuredList{Object: map[string]any{"kind": "List", "apiVersion": "v1",
			"metadata": map[string]any{"resourceVersion": ""}}, Items: items}
		err = p.PrintObj(list, &buf)
	}
	return strings.TrimRight(buf.String(), "\n"), err
}

// TestKubectlGetOutputMatchesUpstream prints random nodes and pods with
// -o jsonpath, custom-columns, json, yaml and name through the
// playground's kubectl get and through kubectl's own printers
// (k8s.io/kubectl get.PrintFlags, client-go util/jsonpath, cli-runtime
// printers) and requires the same text.
func TestKubectlGetOutputMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 2))
	var outputs []string
	for _, tmpl := range getTemplates {
		outputs = append(outputs, "jsonpath="+tmpl)
	}
	for _, spec := range getColumns {
		outputs = append(outputs, "custom-columns="+spec)
	}
	outputs = append(outputs, "json", "yaml", "name")
	cases, errs := 0, 0
	for round := range 60 {
		c := &getCluster{}
		for i := range 1 + r.IntN(5) {
			c.nodes = append(c.nodes, randomGetNode(r, i))
		}
		sort.Slice(c.nodes, func(i, j int) bool { return c.nodes[i].Name < c.nodes[j].Name })
		for i := range r.IntN(5) {
			c.pods = append(c.pods, randomGetPod(r, i, c.nodes))
		}
		for _, output := range outputs {
			for _, kind := range []string{"nodes", "pods"} {
				args := []string{kind, "-o", output}
				objs := upstreamObjects(c, kind)
				single := round%3 == 0 && len(objs) > 0
				if single {
					args = append(args, objs[0].(interface{ GetName() string }).GetName())
					if p, ok := objs[0].(*core.Pod); ok {
						args = append(args, "-n", p.Namespace)
					}
					objs = objs[:1]
				} else if kind == "pods" {
					args = append(args, "-A")
				}
				want, wantErr := upstreamGet(t, output, objs, single)
				got, gotErr := kubectl.Get(c, args)
				if wantErr != nil {
					require.Error(t, gotErr, "%v", args)
					require.Equal(t, strings.TrimSuffix("error: "+wantErr.Error(), "\n"), gotErr.Error(), "%v", args)
					require.Equal(t, want, got, "kubectl get %q", args)
					errs++
					continue
				}
				require.NoError(t, gotErr, "%v", args)
				require.Equal(t, want, got, "kubectl get %q", args)
				cases++
			}
		}
	}
	t.Logf("%d outputs and %d errors compared", cases, errs)
}

// upstreamObjects are the objects kubectl get lists, as the API returns
// them (kind and apiVersion set, nodes with their creation time), in the
// server's order (pods across namespaces: namespace, then name).
func upstreamObjects(c *getCluster, kind string) []any {
	var out []any
	if kind == "nodes" {
		for _, n := range c.nodes {
			cp := *n
			cp.TypeMeta = core.TypeMeta{APIVersion: "v1", Kind: "Node"}
			cp.CreationTimestamp = &core.Time{Time: kubectl.DescribeEpoch}
			out = append(out, &cp)
		}
		return out
	}
	pods := append([]*core.Pod(nil), c.pods...)
	sort.SliceStable(pods, func(i, j int) bool {
		if pods[i].Namespace != pods[j].Namespace {
			return pods[i].Namespace < pods[j].Namespace
		}
		return pods[i].Name < pods[j].Name
	})
	for _, p := range pods {
		cp := *p
		cp.TypeMeta = core.TypeMeta{APIVersion: "v1", Kind: "Pod"}
		out = append(out, &cp)
	}
	return out
}

// TestKubectlGetPrinterErrorsMatchUpstream compares the errors of bad -o
// values and templates.
func TestKubectlGetPrinterErrorsMatchUpstream(t *testing.T) {
	c := &getCluster{nodes: []*core.Node{{TypeMeta: core.TypeMeta{APIVersion: "v1", Kind: "Node"}, ObjectMeta: core.ObjectMeta{Name: "n1"}}}}
	for _, output := range []string{
		"bogus", "jsonpath", "jsonpath=", "custom-columns", "custom-columns=", "custom-columns=NAME",
		"custom-columns=NAME:{.a}}", "jsonpath={.items[*", "jsonpath={.items[?(@.a==\"x\"}", "jsonpath={.a", "jsonpath={%}",
		"jsonpath={\"abc}", "jsonpath={.items[x]}", "jsonpath={.items[-]}", "Wide", "wide2", "yml",
	} {
		_, wantErr := upstreamGet(t, output, []any{c.nodes[0]}, false)
		require.Error(t, wantErr, output)
		_, gotErr := kubectl.Get(c, []string{"nodes", "-o", output})
		require.Error(t, gotErr, output)
		require.Equal(t, "error: "+wantErr.Error(), gotErr.Error(), output)
	}
}

// TestKubectlGetNodesTableMatchesUpstream prints random nodes as the
// API server's table (printers/internalversion printNode) through
// kubectl's table printer, plain and -o wide, and requires the
// playground's text.
func TestKubectlGetNodesTableMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 3))
	tg := printers.NewTableGenerator().With(printersinternal.AddHandlers)
	for range 200 {
		c := &getCluster{}
		for i := range 1 + r.IntN(5) {
			c.nodes = append(c.nodes, randomGetNode(r, i))
		}
		sort.Slice(c.nodes, func(i, j int) bool { return c.nodes[i].Name < c.nodes[j].Name })
		list := &api.NodeList{}
		for _, n := range c.nodes {
			v1n, err := ToV1Node(n)
			require.NoError(t, err)
			// Created an hour ago, as the playground's nodes are at
			// getCluster.Now.
			v1n.CreationTimestamp = metav1.NewTime(time.Now().Add(-time.Hour))
			var in api.Node
			require.NoError(t, apiv1.Convert_v1_Node_To_core_Node(v1n, &in, nil))
			list.Items = append(list.Items, in)
		}
		for _, wide := range []bool{false, true} {
			table, err := tg.GenerateTable(list, printers.GenerateOptions{Wide: wide})
			require.NoError(t, err)
			var buf bytes.Buffer
			require.NoError(t, cliprinters.NewTablePrinter(cliprinters.PrintOptions{Wide: wide}).PrintObj(table, &buf))
			args := []string{"nodes"}
			if wide {
				args = append(args, "-o", "wide")
			}
			got, err := kubectl.Get(c, args)
			require.NoError(t, err)
			require.Equal(t, strings.TrimRight(buf.String(), "\n"), got, "wide=%v", wide)
		}
	}
}

// TestKubectlGetFieldSelectorMatchesUpstream selects random pods with
// random --field-selector values through the playground's kubectl get and
// through apimachinery's parser, the v1 field label conversion and the pod
// registry's selectable fields, and requires the same pods or the same
// error.
func TestKubectlGetFieldSelectorMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 4))
	fieldNames := []string{"metadata.name", "metadata.namespace", "spec.nodeName", "spec.host", "status.phase", "spec.restartPolicy",
		"spec.schedulerName", "spec.hostNetwork", "status.nominatedNodeName", "status.podIP", "status.hostIP", "spec.nodename"}
	values := []string{"", "web-0", "web-1", "default", "kube-system", "Running", "Pending", "Always", "default-scheduler",
		"false", "true", `a\,b`, `a\=b`, `a\b`, "a,", `x\`}
	ops := []string{"=", "==", "!="}
	pods := schema.GroupVersionKind{Version: "v1", Kind: "Pod"}
	compared := 0
	for range 2000 {
		c := &getCluster{}
		for i := range 1 + r.IntN(3) {
			c.nodes = append(c.nodes, randomGetNode(r, i))
		}
		for i := range r.IntN(5) {
			c.pods = append(c.pods, randomGetPod(r, i, c.nodes))
		}
		var terms []string
		for range 1 + r.IntN(3) {
			f := fieldNames[r.IntN(len(fieldNames))]
			v := values[r.IntN(len(values))]
			if f == "spec.nodeName" && r.IntN(2) == 0 && len(c.nodes) > 0 {
				v = c.nodes[0].Name
			}
			terms = append(terms, f+ops[r.IntN(len(ops))]+v)
		}
		sel := strings.Join(terms, ",")
		up, err := fields.ParseAndTransformSelector(sel, func(label, value string) (string, string, error) {
			return legacyscheme.Scheme.ConvertFieldLabel(pods, label, value)
		})
		got, gotErr := kubectl.Get(c, []string{"pods", "-A", "--field-selector", sel, "-o", "name"})
		if err != nil {
			require.Error(t, gotErr, sel)
			require.Equal(t, fmt.Sprintf("Error from server (BadRequest): Unable to find %q that match label selector %q, field selector %q: %v",
				"/v1, Resource=pods", "", sel, err), gotErr.Error(), sel)
			compared++
			continue
		}
		require.NoError(t, gotErr, sel)
		var want []string
		for _, o := range upstreamObjects(c, "pods") {
			v1p, err := ToV1Pod(o.(*core.Pod))
			require.NoError(t, err)
			legacyscheme.Scheme.Default(v1p)
			v1p.Spec.ServiceAccountName = "default" // ServiceAccount admission
			var in api.Pod
			require.NoError(t, apiv1.Convert_v1_Pod_To_core_Pod(v1p, &in, nil))
			if up.Matches(podregistry.ToSelectableFields(&in)) {
				want = append(want, "pod/"+in.Name)
			}
		}
		require.Equal(t, strings.Join(want, "\n"), got, sel)
		compared++
	}
	t.Logf("%d selectors compared", compared)
}

// TestLabelSelectorMatchesUpstream parses random selectors with the
// playground and with apimachinery labels.Parse and requires the same
// error text, or the same answer on random label sets.
func TestLabelSelectorMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 5))
	words := []string{"app", "tier", "web", "db", "3", "10", "-x", "k8s.io/role", "a/b/c", "in", "notin", "", "x y"}
	symbols := []string{"=", "==", "!=", "!", ",", "(", ")", ">", "<", " ", " in ", " notin ", "=!", "<=", "!!"}
	compared, valid := 0, 0
	for range 5000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			if r.IntN(2) == 0 {
				b.WriteString(words[r.IntN(len(words))])
			} else {
				b.WriteString(symbols[r.IntN(len(symbols))])
			}
		}
		sel := b.String()
		up, upErr := labels.Parse(sel)
		ours, err := kubectl.ParseSelector(sel)
		if upErr != nil {
			require.Error(t, err, "%q", sel)
			require.Equal(t, upErr.Error(), err.Error(), "%q", sel)
			compared++
			continue
		}
		require.NoError(t, err, "%q", sel)
		for range 10 {
			set := map[string]string{}
			for _, k := range []string{"app", "tier", "k8s.io/role", "3"} {
				if r.IntN(2) == 0 {
					set[k] = words[r.IntN(7)]
				}
			}
			require.Equal(t, up.Matches(labels.Set(set)), ours.Matches(set), "%q on %v", sel, set)
		}
		compared++
		valid++
	}
	t.Logf("%d selectors compared, %d valid", compared, valid)
}

func (c *getCluster) PatchPod(string, string, string, []byte, bool) (bool, error) { return false, nil }
