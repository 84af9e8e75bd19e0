package core

// Condition returns the node's condition of type t, or nil (also for a
// nil node).
func (n *Node) Condition(t NodeConditionType) *NodeCondition {
	if n == nil {
		return nil
	}
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

// Ready reports whether the node's Ready condition is True; a node
// without one counts as Ready.
func (n *Node) Ready() bool {
	c := n.Condition(NodeReady)
	return c == nil || c.Status == ConditionTrue
}

// SetCondition sets one condition's status, reason and message in place,
// appending it when absent (callers change copies they own: a node
// stored in the simulator is never changed in place).
func (n *Node) SetCondition(t NodeConditionType, st ConditionStatus, reason, msg string) {
	if c := n.Condition(t); c != nil {
		c.Status, c.Reason, c.Message = st, reason, msg
		return
	}
	n.Status.Conditions = append(n.Status.Conditions, NodeCondition{Type: t, Status: st, Reason: reason, Message: msg})
}

// HasTaint reports whether the node has a taint with this key and effect.
func (n *Node) HasTaint(key string, effect TaintEffect) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == key && t.Effect == effect {
			return true
		}
	}
	return false
}
