package disruption

import (
	"github.com/taints-playground/playground/core/store"
)

// Controller computes the budgets' status (the disruption controller's
// disruptionsAllowed) from the store whenever the eviction API asks: the
// simulation evicts at most a few pods per instant, and computing the
// status then reads the same pods the controller's loop would.
type Controller struct {
	st *store.Store
}

// New returns the controller of the store's budgets.
func New(st *store.Store) *Controller { return &Controller{st: st} }

// EvictionAllowed is the eviction API's PodDisruptionBudget check: every
// budget selecting the pod must allow one more disruption. A pod that is
// not running costs no budget.
func (c *Controller) EvictionAllowed(p *store.Pod) bool {
	if p.Phase != store.PhaseRunning {
		return true
	}
	for _, pdb := range c.st.PodDisruptionBudgets() {
		if !Selects(pdb, p.Object) {
			continue
		}
		expected, healthy := 0, 0
		owners := map[*store.ReplicaSet]bool{}
		for _, q := range c.st.Pods() {
			if q.Deleted || q.Reserved || q.AdmitErr != "" || !Selects(pdb, q.Object) {
				continue
			}
			if q.Phase == store.PhaseRunning {
				healthy++
			}
			switch {
			case q.RS != nil:
				if !owners[q.RS] {
					owners[q.RS] = true
					expected += int(q.RS.Replicas())
				}
			case q.Phase != store.PhaseEvicted:
				expected++
			}
		}
		if Allowed(pdb, expected, healthy) < 1 {
			return false
		}
	}
	return true
}
