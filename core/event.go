package core

// Event is a Kubernetes event as `kubectl get events` and `kubectl
// describe` show it. At is virtual time in seconds since the scenario
// started.
type Event struct {
	At      float64 `json:"at"`
	Type    string  `json:"type"`   // Normal or Warning
	Reason  string  `json:"reason"` // Scheduled, FailedScheduling, TaintManagerEviction, …
	Object  string  `json:"object"` // kind/name, e.g. "pod/default/web" or "node/n1"
	Message string  `json:"message"`
	// Source is the reporting component (kubectl describe's From column):
	// default-scheduler, kubelet, taint-eviction-controller, node-controller.
	Source string `json:"source,omitempty"`
}

// Event types.
const (
	EventNormal  = "Normal"
	EventWarning = "Warning"
)
