package scenario

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
)

// PodRef names a pod of a run for AddTolerations: its namespace (""
// means "default"), its name and its controller as sim.PodState.Owner
// gives it ("ReplicaSet/web-7d4b9c8f6", "DaemonSet/agent", "Node/n1" for
// a static pod's mirror pod, "" for a bare pod).
type PodRef struct {
	Namespace, Name, Owner string
}

// AddTolerations returns the scenario text with tolerations added to the
// manifest that makes the pod: the Pod document for a bare (or static)
// pod; for a controller's pod the pod template of its controller in the
// file — the DaemonSet, the ReplicaSet, or the Deployment whose
// ReplicaSet it is (named DEPLOYMENT-<pod-template-hash>). Tolerations
// the manifest already has (same key, operator, value and effect) are not
// added again. target says what was changed ("Pod default/web",
// "Deployment default/web (pod template)"). The text goes through Parse
// and Marshal like InsertStep, so it comes back in the canonical layout,
// every other object and step kept. It fails, naming the pod, when no
// manifest of the file makes it: a pod a step's `kubectl apply -f -`
// manifest creates, or whose controller is not in the file.
func AddTolerations(text, filename string, pod PodRef, tolerations []core.Toleration) (newText, target string, err error) {
	if pod.Name == "" {
		return "", "", fmt.Errorf("add tolerations: the pod has no name")
	}
	if len(tolerations) == 0 {
		return "", "", fmt.Errorf("add tolerations to pod %s: no tolerations to add", pod.Name)
	}
	s, err := Parse([]byte(text), filename)
	if err != nil {
		return "", "", err
	}
	ns := pod.Namespace
	if ns == "" {
		ns = DefaultNamespace
	}
	spec, target, err := podSpecOf(s, ns, pod)
	if err != nil {
		return "", "", err
	}
	for _, t := range tolerations {
		if !hasToleration(spec.Tolerations, t) {
			spec.Tolerations = append(spec.Tolerations, t)
		}
	}
	out, err := s.Marshal()
	if err != nil {
		return "", "", err
	}
	if _, err := Parse(out, filename); err != nil {
		return "", "", fmt.Errorf("add tolerations to %s: %w", target, err)
	}
	return string(out), target, nil
}

// podSpecOf finds the pod spec in s that makes pod.
func podSpecOf(s *Scenario, ns string, pod PodRef) (*core.PodSpec, string, error) {
	kind, owner, _ := strings.Cut(pod.Owner, "/")
	switch kind {
	case "", "Node":
		for _, p := range s.Pods {
			if p.Namespace == ns && p.Name == pod.Name {
				return &p.Spec, "Pod " + ns + "/" + p.Name, nil
			}
		}
	case "DaemonSet":
		for _, d := range s.DaemonSets {
			if d.Namespace == ns && d.Name == owner {
				return &d.Spec.Template.Spec, "DaemonSet " + ns + "/" + d.Name + " (pod template)", nil
			}
		}
	case "ReplicaSet":
		for _, r := range s.ReplicaSets {
			if r.Namespace == ns && r.Name == owner {
				return &r.Spec.Template.Spec, "ReplicaSet " + ns + "/" + r.Name + " (pod template)", nil
			}
		}
		for _, d := range s.Deployments {
			hash, ok := strings.CutPrefix(owner, d.Name+"-")
			if d.Namespace == ns && ok && hash != "" && !strings.Contains(hash, "-") {
				return &d.Spec.Template.Spec, "Deployment " + ns + "/" + d.Name + " (pod template)", nil
			}
		}
	default:
		return nil, "", fmt.Errorf("add tolerations to pod %s/%s: its controller %s is not a kind the playground models", ns, pod.Name, pod.Owner)
	}
	where := "the file has no Pod " + ns + "/" + pod.Name
	if kind != "" && kind != "Node" {
		where = "its controller " + pod.Owner + " is not in the file"
	}
	if applied(s, kind, ns, pod.Name, owner) {
		where += " (a step's kubectl apply -f - creates it: add the tolerations to that step's manifest)"
	}
	return nil, "", fmt.Errorf("add tolerations to pod %s/%s: %s", ns, pod.Name, where)
}

// applied reports whether a step's manifest names the pod or its
// controller.
func applied(s *Scenario, kind, ns, name, owner string) bool {
	for _, st := range s.Steps {
		if st.Manifest == "" {
			continue
		}
		m, err := ParseManifest([]byte(st.Manifest), true)
		if err != nil {
			continue
		}
		for _, p := range m.Pods {
			if p.Namespace == ns && p.Name == name {
				return true
			}
		}
		for _, o := range m.Order {
			k, rest, _ := strings.Cut(o, "/")
			if kind == "" || !strings.HasPrefix(rest, ns+"/") {
				continue
			}
			n := strings.TrimPrefix(rest, ns+"/")
			if (k == kind && n == owner) || (k == "Deployment" && kind == "ReplicaSet" && strings.HasPrefix(owner, n+"-")) {
				return true
			}
		}
	}
	return false
}

// hasToleration reports whether list has t (core.Toleration.MatchToleration:
// same key, operator, value and effect).
func hasToleration(list []core.Toleration, t core.Toleration) bool {
	for i := range list {
		if list[i].MatchToleration(&t) {
			return true
		}
	}
	return false
}
