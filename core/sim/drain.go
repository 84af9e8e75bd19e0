package sim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/controllers/deployment"
	"github.com/taints-playground/playground/core/controllers/disruption"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
)

// drainRec is a `kubectl drain` still waiting for evictions a
// PodDisruptionBudget refused; it retries every 5 s (--timeout=0: forever).
type drainRec struct {
	node    string
	pending []*podRec
	retries int
}

// drainRetry is kubectl drain's wait between refused evictions.
const drainRetry = 5 * time.Second

// drain is `kubectl drain NODE [flags]`: cordon, the pod filters, then an
// eviction per pod through the eviction API (PodDisruptionBudgets
// respected). No taint besides the cordon's unschedulable one is added.
func (s *simulator) drain(args []string) (string, error) {
	o, err := kubectl.ParseDrain(args)
	if err != nil {
		return "", err
	}
	out, err := s.kubectl("cordon", []string{o.Node})
	if err != nil {
		return out, err
	}
	var lines []string
	if out != "" {
		lines = append(lines, out)
	}
	var pods []kubectl.DrainPod
	var recs []*podRec
	for _, p := range s.onNode[o.Node] {
		if p.deleted || p.node != o.Node || (p.phase == PhaseEvicted && !p.failed) {
			continue
		}
		if containsPod(recs, p) {
			continue
		}
		dp := kubectl.DrainPod{Namespace: p.pod.Namespace, Name: p.pod.Name, Terminal: p.failed}
		dp.DaemonSet = p.ds != nil || s.ownerKind(p) == "DaemonSet"
		dp.Controlled = p.owner() != ""
		_, dp.Mirror = p.pod.Annotations["kubernetes.io/config.mirror"]
		for _, v := range p.pod.Spec.Volumes {
			dp.LocalStorage = dp.LocalStorage || v.EmptyDir != nil
		}
		pods = append(pods, dp)
		recs = append(recs, p)
	}
	plan := kubectl.FilterDrainPods(pods, o)
	if len(plan.Errors) > 0 {
		s.note("drain of %s stopped: %d group(s) of pods cannot be deleted; the node stays cordoned", o.Node, len(plan.Errors))
		return strings.Join(lines, "\n"), fmt.Errorf("%s", kubectl.DrainErrorText(o.Node, plan.Errors))
	}
	if plan.Warning != "" {
		lines = append(lines, plan.Warning)
	}
	d := &drainRec{node: o.Node}
	for _, dp := range plan.Evict {
		for _, p := range recs {
			if p.pod.Namespace == dp.Namespace && p.pod.Name == dp.Name {
				d.pending = append(d.pending, p)
			}
		}
	}
	for _, p := range d.pending {
		lines = append(lines, "evicting pod "+p.ref())
	}
	var left []*podRec
	var done []string
	for _, p := range d.pending {
		if !o.DisableEviction && !s.evictionAllowed(p) {
			lines = append(lines, kubectl.EvictionRetryText(p.pod.Namespace, p.pod.Name, disruption.ViolationMessage))
			left = append(left, p)
			continue
		}
		s.apiEvict(p, o.Node)
		done = append(done, "pod/"+p.pod.Name+" evicted")
	}
	lines = append(lines, done...)
	if len(left) == 0 {
		lines = append(lines, "node/"+o.Node+" drained")
		return strings.Join(lines, "\n"), nil
	}
	d.pending = left
	s.drains = append(s.drains, d)
	s.push(&item{at: s.now + drainRetry, kind: itemDrain, step: len(s.drains) - 1})
	s.note("drain of %s waits: the PodDisruptionBudget refuses to evict %s (kubectl retries every 5s)", o.Node, podNames(left))
	return strings.Join(lines, "\n"), nil
}

func containsPod(list []*podRec, p *podRec) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

func podNames(ps []*podRec) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.pod.Name)
	}
	return strings.Join(names, ", ")
}

// ownerKind is the kind of the pod's controller ownerReference.
func (s *simulator) ownerKind(p *podRec) string {
	for _, o := range p.pod.OwnerReferences {
		if o.Controller != nil && *o.Controller {
			return o.Kind
		}
	}
	return ""
}

// retryDrain is kubectl drain's 5 s retry of refused evictions.
func (s *simulator) retryDrain(i int) {
	if i < 0 || i >= len(s.drains) {
		return
	}
	d := s.drains[i]
	d.retries++
	var left []*podRec
	for _, p := range d.pending {
		if p.deleted || p.phase != PhaseRunning || p.node != d.node {
			continue
		}
		if !s.evictionAllowed(p) {
			left = append(left, p)
			continue
		}
		s.apiEvict(p, d.node)
		s.note("kubectl drain: pod/%s evicted after %d retries", p.pod.Name, d.retries)
		s.timerOutput = append(s.timerOutput, "pod/"+p.pod.Name+" evicted")
	}
	d.pending = left
	if len(left) == 0 {
		s.note("kubectl drain: node/%s drained", d.node)
		s.timerOutput = append(s.timerOutput, "node/"+d.node+" drained")
		return
	}
	s.push(&item{at: s.now + drainRetry, kind: itemDrain, step: i})
}

// evictionAllowed is the eviction API's PodDisruptionBudget check: every
// budget selecting the pod must allow one more disruption.
func (s *simulator) evictionAllowed(p *podRec) bool {
	if p.phase != PhaseRunning {
		return true // not healthy: evicting it costs no budget
	}
	for _, pdb := range s.pdbs {
		if !disruption.Selects(pdb, p.pod) {
			continue
		}
		expected, healthy := 0, 0
		owners := map[*rsRec]bool{}
		for _, q := range s.pods {
			if q.deleted || q.notYet || q.admitErr != "" || !disruption.Selects(pdb, q.pod) {
				continue
			}
			if q.phase == PhaseRunning {
				healthy++
			}
			switch {
			case q.rs != nil:
				if !owners[q.rs] {
					owners[q.rs] = true
					expected += int(replicaset.Replicas(q.rs.rs))
				}
			case q.phase != PhaseEvicted:
				expected++
			}
		}
		if disruption.Allowed(pdb, expected, healthy) < 1 {
			return false
		}
	}
	return true
}

// apiEvict deletes a pod through the eviction API (condition
// DisruptionTarget, reason EvictionByEvictionAPI).
func (s *simulator) apiEvict(p *podRec, node string) {
	c := core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "EvictionByEvictionAPI", Message: "Eviction API: evicting"}
	s.touch(p)
	p.disruption = &c
	s.cancelEviction(p)
	p.phase = PhaseEvicted
	p.evictedAt = durPtr(s.now)
	p.evictReason = "kubectl drain " + node + " evicted it through the eviction API"
	s.podGone(p)
	s.note("%s evicted from %s by kubectl drain", p.pod.Name, node)
}

// scale is `kubectl scale deployment|replicaset NAME --replicas=N`.
func (s *simulator) scale(args []string) (string, error) {
	o, err := kubectl.ParseScale(args)
	if err != nil {
		return "", err
	}
	if err := scenario.CheckReplicas(int64(o.Replicas)); err != nil {
		return "", fmt.Errorf("error: --replicas=%d: %w", o.Replicas, err)
	}
	ns := "default"
	for i, a := range args {
		if (a == "-n" || a == "--namespace") && i+1 < len(args) {
			ns = args[i+1]
		} else if v, ok := strings.CutPrefix(a, "--namespace="); ok {
			ns = v
		}
	}
	for _, r := range s.rsets {
		var match bool
		switch o.Kind {
		case "deployment":
			match = r.deploy != nil && r.deploy.Name == o.Name && r.deploy.Namespace == ns
		case "replicaset":
			match = r.rs.Name == o.Name && r.rs.Namespace == ns
		}
		if !match {
			continue
		}
		old := replicaset.Replicas(r.rs)
		n := o.Replicas
		r.rs.Spec.Replicas = &n
		if r.deploy != nil {
			d := n
			r.deploy.Spec.Replicas = &d
			if old != n {
				dir := "up"
				if n < old {
					dir = "down"
				}
				s.emitFrom("deployment-controller", EventNormal, deployment.ScalingReplicaSet, "deployment/"+ns+"/"+r.deploy.Name,
					fmt.Sprintf("Scaled %s replica set %s from %d to %d", dir, r.rs.Name, old, n))
			}
		}
		s.note("%s %s scaled from %d to %d replicas", o.Kind, o.Name, old, n)
		s.ctrlDirty = true
		return kubectl.ScaledText(o.Kind, o.Name), nil
	}
	return "", fmt.Errorf("Error from server (NotFound): %ss.apps %q not found", o.Kind, o.Name)
}

// apply is `kubectl apply -f -` with the step's manifest: objects are
// created (or their replicas/budget/annotations updated) in document
// order, with kubectl's "kind/name created|configured|unchanged" lines.
func (s *simulator) apply(args []string) (string, error) {
	if len(args) != 2 || args[0] != "-f" || args[1] != "-" {
		return "", fmt.Errorf("error: the playground applies only -f - (the step's manifest)")
	}
	if s.curStep == nil || strings.TrimSpace(s.curStep.Manifest) == "" {
		return "", fmt.Errorf("error: no objects passed to apply")
	}
	m, err := scenario.ParseManifest([]byte(s.curStep.Manifest), s.gate)
	if err != nil {
		return "", fmt.Errorf("error: error parsing STDIN: %v", err)
	}
	for _, d := range m.Deployments {
		if err := scenario.CheckReplicas(int64(deployment.Replicas(d))); err != nil {
			return "", fmt.Errorf("error: deployment.apps/%s: %w", d.Name, err)
		}
	}
	for _, rs := range m.ReplicaSets {
		if err := scenario.CheckReplicas(int64(replicaset.Replicas(rs))); err != nil {
			return "", fmt.Errorf("error: replicaset.apps/%s: %w", rs.Name, err)
		}
	}
	var lines []string
	var errs []string
	for _, ns := range m.Namespaces {
		verb := "created"
		if old, ok := s.namespaces[ns.Name]; ok {
			verb = changed(old, ns)
		}
		s.namespaces[ns.Name] = ns
		lines = append(lines, "namespace/"+ns.Name+" "+verb)
	}
	for _, pc := range m.PriorityClasses {
		verb := "created"
		for i, old := range s.pclasses {
			if old.Name == pc.Name {
				s.pclasses[i], verb = pc, changed(old, pc)
			}
		}
		if verb == "created" {
			s.pclasses = append(s.pclasses, pc)
		}
		lines = append(lines, "priorityclass.scheduling.k8s.io/"+pc.Name+" "+verb)
	}
	for _, pdb := range m.PodDisruptionBudgets {
		verb := "created"
		for i, old := range s.pdbs {
			if old.Name == pdb.Name && old.Namespace == pdb.Namespace {
				s.pdbs[i], verb = pdb, changed(old, pdb)
			}
		}
		if verb == "created" {
			s.pdbs = append(s.pdbs, pdb)
		}
		lines = append(lines, "poddisruptionbudget.policy/"+pdb.Name+" "+verb)
	}
	for _, n := range m.Nodes {
		if s.node(n.Name) != nil {
			errs = append(errs, fmt.Sprintf("the playground does not update nodes with apply: use kubectl taint, label or cordon for node %q", n.Name))
			continue
		}
		node := n.DeepCopy()
		s.createNode(node)
		s.nodeEvent(nil, node)
		s.note("node %s joined the cluster", n.Name)
		lines = append(lines, "node/"+n.Name+" created")
	}
	for _, d := range m.Deployments {
		if r := s.findDeployment(d.Namespace, d.Name); r != nil {
			if replicaset.Replicas(r.rs) == deployment.Replicas(d) {
				lines = append(lines, "deployment.apps/"+d.Name+" unchanged")
				continue
			}
			// Only spec.replicas is applied (rolling updates are not simulated).
			if _, err := s.scale([]string{"deployment", d.Name, "-n", d.Namespace, fmt.Sprintf("--replicas=%d", deployment.Replicas(d))}); err != nil {
				errs = append(errs, err.Error())
				continue
			}
			lines = append(lines, "deployment.apps/"+d.Name+" configured")
			continue
		}
		s.addDeployment(d)
		lines = append(lines, "deployment.apps/"+d.Name+" created")
	}
	for _, rs := range m.ReplicaSets {
		exists, changed := false, false
		for _, r := range s.rsets {
			if r.rs.Name == rs.Name && r.rs.Namespace == rs.Namespace {
				exists = true
				n := replicaset.Replicas(rs)
				if replicaset.Replicas(r.rs) != n {
					changed = true
					r.rs.Spec.Replicas = &n
					s.ctrlDirty = true
				}
			}
		}
		switch {
		case !exists:
			s.addReplicaSet(rs)
			lines = append(lines, "replicaset.apps/"+rs.Name+" created")
		case changed:
			lines = append(lines, "replicaset.apps/"+rs.Name+" configured")
		default:
			// Only spec.replicas is applied, as for Deployments.
			lines = append(lines, "replicaset.apps/"+rs.Name+" unchanged")
		}
	}
	for _, ds := range m.DaemonSets {
		exists := false
		for _, old := range s.dsets {
			exists = exists || (old.Name == ds.Name && old.Namespace == ds.Namespace)
		}
		if exists {
			lines = append(lines, "daemonset.apps/"+ds.Name+" unchanged")
			continue
		}
		s.dsets = append(s.dsets, ds)
		s.ctrlDirty = true
		lines = append(lines, "daemonset.apps/"+ds.Name+" created")
	}
	for _, p := range m.Pods {
		if live := s.livePod(p.Namespace, p.Name); live != nil {
			verb, err := s.updatePod(live, p.DeepCopy())
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
			lines = append(lines, "pod/"+p.Name+" "+verb)
			continue
		}
		rec := s.admit(p.DeepCopy(), len(s.pods))
		rec.createdAt = s.now
		if rec.admitErr != "" {
			errs = append(errs, admissionErrorText(rec, `"STDIN"`))
			continue
		}
		s.addPod(rec)
		s.note("pod %s created", p.Name)
		s.startPod(rec)
		lines = append(lines, "pod/"+p.Name+" created")
	}
	if len(errs) > 0 {
		return strings.Join(lines, "\n"), fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return strings.Join(lines, "\n"), nil
}

func (s *simulator) findDeployment(ns, name string) *rsRec {
	for _, r := range s.rsets {
		if r.deploy != nil && r.deploy.Name == name && r.deploy.Namespace == ns {
			return r
		}
	}
	return nil
}

// changed is apply's verb for an existing object: unchanged when the new
// manifest equals the stored one, configured otherwise.
func changed(old, cur any) string {
	a, errA := json.Marshal(old)
	b, errB := json.Marshal(cur)
	if errA == nil && errB == nil && string(a) == string(b) {
		return "unchanged"
	}
	return "configured"
}

// updatePod applies a Pod manifest to an existing pod. Only
// spec.tolerations may change, and only by additions or new
// tolerationSeconds (validateOnlyAddedTolerations); DefaultTolerationSeconds
// runs again on the update. The taint-eviction controller re-evaluates the
// pod (an existing deadline is kept), and a pod waiting in
// unschedulablePods is moved back to the queue.
func (s *simulator) updatePod(p *podRec, np *core.Pod) (string, error) {
	old := p.pod
	tols := np.Spec.Tolerations
	adm := s.scen.Options.Admission
	if !adm.DisableDefaultTolerationSeconds {
		nr, ur := adm.DefaultTolerationSeconds()
		tols, _ = defaulttolerationseconds.Admit(tols, nr, ur)
	}
	// Everything but the tolerations must stay as stored.
	a, b := old.DeepCopy(), np
	a.Spec.Tolerations, b.Spec.Tolerations = nil, nil
	if b.Spec.NodeName == "" {
		b.Spec.NodeName = a.Spec.NodeName
	}
	if b.Spec.Priority == nil {
		b.Spec.Priority = a.Spec.Priority
	}
	if b.Spec.PriorityClassName == "" {
		b.Spec.PriorityClassName = a.Spec.PriorityClassName
	}
	if b.Spec.PreemptionPolicy == nil {
		b.Spec.PreemptionPolicy = a.Spec.PreemptionPolicy
	}
	ja, _ := json.Marshal(a.Spec)
	jb, _ := json.Marshal(b.Spec)
	if string(ja) != string(jb) {
		return "", fmt.Errorf("The Pod %q is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) (the playground changes only spec.tolerations)", old.Name)
	}
	sources := make([]string, len(tols))
	for i := range sources {
		sources[i] = SourceUser
	}
	for i, o := range old.Spec.Tolerations {
		found := false
		for j, t := range tols {
			c := o
			c.TolerationSeconds = t.TolerationSeconds
			if reflect.DeepEqual(c, t) {
				found = true
				if i < len(p.tolSources) {
					sources[j] = p.tolSources[i]
				}
				break
			}
		}
		if !found {
			return "", fmt.Errorf("The Pod %q is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds", old.Name)
		}
	}
	if errs := core.ValidateTolerations(tols, "spec.tolerations", s.gate); len(errs) > 0 {
		return "", fmt.Errorf("%s", core.KubectlInvalidMessage("Pod", old.Name, errs))
	}
	if reflect.DeepEqual(old.Spec.Tolerations, tols) {
		return "unchanged", nil
	}
	s.touch(p)
	old.Spec.Tolerations = tols
	p.tolSources = sources
	s.note("%s tolerations updated", old.Name)
	if p.phase == PhaseRunning {
		s.processPod(p)
	} else if p.q == qUnschedulable {
		s.move(p)
	}
	return "configured", nil
}
