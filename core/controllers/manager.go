package controllers

import (
	"slices"

	"github.com/taints-playground/playground/core/store"
)

// Syncer is a workload controller the Manager runs: one pass over its
// objects.
type Syncer interface {
	Sync()
}

// Manager is the simulated kube-controller-manager's work signal for the
// workload controllers (ReplicaSet, then DaemonSet). Upstream each
// controller has its own work queue; here one signal wakes them all, and
// a wake makes each controller sync every object it has. The simulator
// runs Sync, when a wake was taken (TakeWake), before each scheduling
// cycle of an instant.
type Manager struct {
	syncers    []Syncer
	restarters []Restarter
	woken      bool
	created    bool
}

// Restarter is a controller of kube-controller-manager whose in-memory
// state (timers, queues, caches) a restart of the process loses.
type Restarter interface {
	// Stop is the old process ending: what it held in memory is dropped,
	// silently (nothing is cancelled through the API).
	Stop()
	// Start is the new leader starting: its state is rebuilt from the
	// informers' initial lists, as upstream's controllers do.
	Start()
}

// OnRestart registers a controller's restart hooks; Restart runs them in
// registration order.
func (m *Manager) OnRestart(r Restarter) { m.restarters = append(m.restarters, r) }

// Restart is kube-controller-manager restarting with its new leader
// taking over at once: every controller stops, then every controller
// starts, and the workload controllers resync every object (their
// expectations are empty in the new process).
func (m *Manager) Restart() {
	for _, r := range m.restarters {
		r.Stop()
	}
	for _, r := range m.restarters {
		r.Start()
	}
	m.Wake()
}

// Register adds a controller; Sync runs them in registration order.
func (m *Manager) Register(s Syncer) { m.syncers = append(m.syncers, s) }

// Wake asks for a sync.
func (m *Manager) Wake() { m.woken = true }

// TakeWake reports whether a sync was asked for since the last call.
func (m *Manager) TakeWake() bool {
	w := m.woken
	m.woken = false
	return w
}

// Sync runs every controller once.
func (m *Manager) Sync() {
	for _, s := range m.syncers {
		s.Sync()
	}
}

// Created records that a controller created a pod.
func (m *Manager) Created() { m.created = true }

// TakeCreated reports whether a controller created pods since the last
// call.
func (m *Manager) TakeCreated() bool {
	c := m.created
	m.created = false
	return c
}

// WakeOnWorkloads wakes the manager on the Deployment, ReplicaSet and
// DaemonSet writes match selects.
func (m *Manager) WakeOnWorkloads(st *store.Store, match func(store.WorkloadEvent) bool) {
	st.WatchWorkloads(func(ev store.WorkloadEvent) {
		if match(ev) {
			m.Wake()
		}
	})
}

// WatchPods wakes the manager when a pod leaves its node or finishes
// terminating (its controller may replace it) or when a client deletes
// one; the controllers' own deletions are expected and do not
// (upstream's expectations).
func (m *Manager) WatchPods(st *store.Store, own ...string) {
	st.WatchPods(func(ev store.PodEvent) {
		if store.LeftNode(&ev.Old, &ev.New) || (ev.Old.IsTerminating() && !ev.New.IsTerminating()) {
			m.Wake()
			return
		}
		if ev.New.Deleted && !ev.Old.Deleted && !slices.Contains(own, ev.By) {
			m.Wake()
		}
	})
}
