package nodeports

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// podWith returns a pod with one container holding the host ports given as
// "PROTOCOL/IP/PORT" (upstream node_ports_test.go's newPod).
func podWith(ports ...string) *core.Pod {
	var cps []core.ContainerPort
	for _, s := range ports {
		f := strings.Split(s, "/")
		port, _ := strconv.Atoi(f[2])
		cps = append(cps, core.ContainerPort{Protocol: f[0], HostIP: f[1], HostPort: int32(port)})
	}
	return &core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Ports: cps}}}}
}

// sidecarPod returns a pod whose only host port 8001/TCP is on an init
// container, restartable (a sidecar) or not.
func sidecarPod(sidecar bool) *core.Pod {
	c := core.Container{Name: "init", Ports: []core.ContainerPort{{ContainerPort: 8001, HostPort: 8001, Protocol: "TCP"}}}
	if sidecar {
		always := "Always"
		c.RestartPolicy = &always
	}
	return &core.Pod{Spec: core.PodSpec{InitContainers: []core.Container{c}, Containers: []core.Container{{Name: "main"}}}}
}

// TestFilter re-expresses upstream's TestNodePorts cases (v1.37).
func TestFilter(t *testing.T) {
	tests := []struct {
		name     string
		pod      *core.Pod
		running  *core.Pod
		wantSkip bool
		wantFail bool
	}{
		{name: "skip filter", pod: &core.Pod{}, wantSkip: true},
		{name: "other port", pod: podWith("UDP/127.0.0.1/8080"), running: podWith("UDP/127.0.0.1/9090")},
		{name: "same udp port", pod: podWith("UDP/127.0.0.1/8080"), running: podWith("UDP/127.0.0.1/8080"), wantFail: true},
		{name: "same tcp port", pod: podWith("TCP/127.0.0.1/8080"), running: podWith("TCP/127.0.0.1/8080"), wantFail: true},
		{name: "different host ip", pod: podWith("TCP/127.0.0.1/8080"), running: podWith("TCP/127.0.0.2/8080")},
		{name: "different protocol", pod: podWith("UDP/127.0.0.1/8080"), running: podWith("TCP/127.0.0.1/8080")},
		{name: "second udp port conflict", pod: podWith("UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"),
			running: podWith("UDP/127.0.0.1/8080"), wantFail: true},
		{name: "first tcp port conflict", pod: podWith("TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"),
			running: podWith("TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"), wantFail: true},
		{name: "first tcp port conflict due to 0.0.0.0 hostIP", pod: podWith("TCP/0.0.0.0/8001"),
			running: podWith("TCP/127.0.0.1/8001"), wantFail: true},
		{name: "TCP hostPort conflict due to 0.0.0.0 hostIP", pod: podWith("TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"),
			running: podWith("TCP/127.0.0.1/8001"), wantFail: true},
		{name: "second tcp port conflict to 0.0.0.0 hostIP", pod: podWith("TCP/127.0.0.1/8001"),
			running: podWith("TCP/0.0.0.0/8001"), wantFail: true},
		{name: "second different protocol", pod: podWith("UDP/127.0.0.1/8001"), running: podWith("TCP/0.0.0.0/8001")},
		{name: "UDP hostPort conflict due to 0.0.0.0 hostIP", pod: podWith("UDP/127.0.0.1/8001"),
			running: podWith("TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"), wantFail: true},
		{name: "non-sidecar initContainer using hostPort", pod: sidecarPod(false), running: podWith("TCP/0.0.0.0/8001"), wantSkip: true},
		{name: "TCP hostPort conflict from sidecar initContainer", pod: sidecarPod(true),
			running: podWith("TCP/0.0.0.0/8001"), wantFail: true},
		// Defaults of HostPortInfo.sanitize: empty protocol is TCP, empty
		// host IP is 0.0.0.0.
		{name: "empty protocol is TCP", pod: podWith("/127.0.0.1/8001"), running: podWith("TCP/127.0.0.1/8001"), wantFail: true},
		{name: "empty host IP is the wildcard", pod: podWith("TCP//8001"), running: podWith("TCP/10.1.1.1/8001"), wantFail: true},
		{name: ":: is not a wildcard", pod: podWith("TCP/::/8001"), running: podWith("TCP/10.1.1.1/8001")},
		{name: "a running sidecar holds its port", pod: podWith("TCP/0.0.0.0/8001"), running: sidecarPod(true), wantFail: true},
		{name: "a finished init container does not", pod: podWith("TCP/0.0.0.0/8001"), running: sidecarPod(false)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			state := framework.NewCycleState()
			_, pre := pl.PreFilter(state, tc.pod, nil)
			if tc.wantSkip {
				require.True(t, pre.IsSkip(), "PreFilter: want Skip, got %+v", pre)
				return
			}
			require.Nil(t, pre, "PreFilter")
			var running []*core.Pod
			if tc.running != nil {
				running = append(running, tc.running)
			}
			got := pl.Filter(state, tc.pod, framework.NewNodeInfo(&core.Node{}, running...))
			if !tc.wantFail {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.Equal(t, framework.Unschedulable, got.Code)
			assert.Equal(t, []string{"node(s) didn't have free ports for the requested pod ports"}, got.Reasons)
		})
	}
}

// TestFilterTerminalPods: pods in a terminal phase hold no ports (the
// scheduler cache drops them).
func TestFilterTerminalPods(t *testing.T) {
	done := podWith("TCP/0.0.0.0/80")
	done.Status.Phase = core.PodSucceeded
	pod := podWith("TCP/0.0.0.0/80")
	pl := New()
	state := framework.NewCycleState()
	_, pre := pl.PreFilter(state, pod, nil)
	require.Nil(t, pre)
	assert.Nil(t, pl.Filter(state, pod, framework.NewNodeInfo(&core.Node{}, done, nil)))
	// Without PreFilter's state Filter reads the pod's ports itself.
	assert.NotNil(t, pl.Filter(framework.NewCycleState(), pod, framework.NewNodeInfo(&core.Node{}, podWith("TCP/0.0.0.0/80"))))
	assert.Nil(t, pl.Filter(framework.NewCycleState(), pod, nil))
}

// TestSidecarsByVersion: before 1.34 only containers hold host ports,
// on both the pod's and the node's side.
func TestSidecarsByVersion(t *testing.T) {
	old := NewForVersion(core.Version{Minor: 33})
	_, pre := old.PreFilter(framework.NewCycleState(), sidecarPod(true), nil)
	assert.True(t, pre.IsSkip(), "1.33: a sidecar's host port is not the pod's")
	state := framework.NewCycleState()
	pod := podWith("TCP/0.0.0.0/8001")
	_, pre = old.PreFilter(state, pod, nil)
	require.Nil(t, pre)
	assert.Nil(t, old.Filter(state, pod, framework.NewNodeInfo(&core.Node{}, sidecarPod(true))), "1.33: a running sidecar holds no port")
	_, pre = NewForVersion(core.Version{Minor: 34}).PreFilter(framework.NewCycleState(), sidecarPod(true), nil)
	assert.Nil(t, pre, "1.34 counts the sidecar")
}

func TestHostPorts(t *testing.T) {
	assert.Nil(t, HostPorts(nil, true))
	p := podWith("TCP//80", "UDP//0")
	p.Spec.InitContainers = sidecarPod(true).Spec.InitContainers
	got := HostPorts(p, true)
	require.Len(t, got, 2, "host port 0 is no host port")
	assert.Equal(t, int32(8001), got[0].HostPort, "sidecars first")
	assert.Equal(t, int32(80), got[1].HostPort)
	assert.True(t, FitsPorts(got, nil))
}

// TestSchedulableAfterPodDeleted: Queue only for a deleted pod that was
// bound (on the object or in the caller's record) or nominated and held a
// conflicting host port (isSchedulableAfterAssignedPodDeleted).
func TestSchedulableAfterPodDeleted(t *testing.T) {
	pod := podWith("TCP/0.0.0.0/80")
	bound := func(p *core.Pod) *core.Pod { p.Spec.NodeName = "n1"; return p }
	tests := []struct {
		name    string
		deleted *core.Pod
		node    string
		want    bool
	}{
		{"conflicting port, bound", bound(podWith("TCP/10.0.0.1/80")), "", true},
		{"conflicting port, binding kept beside the object", podWith("TCP/10.0.0.1/80"), "n1", true},
		{"conflicting port, unbound", podWith("TCP/10.0.0.1/80"), "", false},
		{"other protocol", bound(podWith("UDP/0.0.0.0/80")), "", false},
		{"no host ports", bound(&core.Pod{}), "", false},
		{"unknown pod", nil, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, New().SchedulableAfterPodDeleted(pod, tc.deleted, tc.node))
		})
	}
}
