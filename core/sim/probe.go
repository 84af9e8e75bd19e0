package sim

import (
	"fmt"
	"runtime/debug"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/store"
)

// ProbeFunc gets the scheduler's inputs for one pod at one frame: the pod
// as the API server holds it (admitted: DefaultTolerationSeconds and the
// other admission plugins applied), every node as the scheduler sees it
// without that pod, and the cycle's options — what the pod's Why was
// computed from. They belong to the simulation: the function must not
// change them or keep them after it returns.
type ProbeFunc func(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options)

// Probe simulates the result's scenario again (as Explain does, with
// detail for pod namespace/name in frame index only) and calls fn with
// that pod's scheduling inputs at that frame, so that a caller can ask
// the scheduler's plugins about a changed copy of the pod (core/fixit:
// the pod with more tolerations). It returns an error when the frame has
// no such pod; fn is then not called. The run is the same as without a
// probe: fn only observes.
func (r *Result) Probe(index int, namespace, name string, fn ProbeFunc) (err error) {
	if fn == nil {
		return fmt.Errorf("no probe function")
	}
	if r == nil || r.scen == nil {
		return fmt.Errorf("no scenario behind this result")
	}
	if index < 0 || index >= len(r.Frames) {
		return fmt.Errorf("frame %d out of range (0..%d)", index, len(r.Frames)-1)
	}
	called := false
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("simulation failed: %v\n%s", v, debug.Stack())
		}
	}()
	sm := newSimulator(r.scen)
	sm.detail.only = index + 1
	sm.detail.pod = namespace + "/" + name
	sm.detail.probe = func(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) {
		called = true
		fn(pod, nodes, opts)
	}
	if err := sm.run(); err != nil {
		return err
	}
	if !called {
		return fmt.Errorf("frame %d has no pod %s/%s", index, namespace, name)
	}
	return nil
}

// runProbe calls the probe of Result.Probe, once, for the pod it asks about.
func (s *simulator) runProbe(p *store.Pod, infos []*sched.NodeInfo, opts sched.Options) {
	d := &s.detail
	if d.probe == nil || d.pod != p.Namespace()+"/"+p.Name() {
		return
	}
	fn := d.probe
	d.probe = nil
	fn(p.Object, infos, opts)
}
