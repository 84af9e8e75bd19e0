package upstream

import (
	"encoding/json"
	"fmt"

	"github.com/taints-playground/playground/core"
	v1 "k8s.io/api/core/v1"
)

// ToV1Pod converts a playground pod into the k8s.io/api pod with the same
// JSON (core's types carry the upstream JSON tags).
func ToV1Pod(p *core.Pod) (*v1.Pod, error) {
	out := &v1.Pod{}
	if err := roundTrip(p, out); err != nil {
		return nil, fmt.Errorf("pod %s: %w", p.Name, err)
	}
	return out, nil
}

// ToV1Node converts a playground node into the k8s.io/api node with the
// same JSON.
func ToV1Node(n *core.Node) (*v1.Node, error) {
	out := &v1.Node{}
	if err := roundTrip(n, out); err != nil {
		return nil, fmt.Errorf("node %s: %w", n.Name, err)
	}
	return out, nil
}

func roundTrip(in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}
