package core

// RuntimeClass is a node.k8s.io/v1 RuntimeClass: the container runtime
// handler a pod asks for with spec.runtimeClassName, the overhead that
// running it adds to the pod, and where such pods can run. The
// RuntimeClass admission plugin copies overhead and scheduling into the
// pods that name it.
type RuntimeClass struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Handler    string                  `json:"handler"`
	Overhead   *RuntimeClassOverhead   `json:"overhead,omitempty"`
	Scheduling *RuntimeClassScheduling `json:"scheduling,omitempty"`
}

// RuntimeClassOverhead is node/v1 Overhead: the resources a pod of the
// class uses beyond its containers' requests.
type RuntimeClassOverhead struct {
	PodFixed ResourceList `json:"podFixed,omitempty"`
}

// RuntimeClassScheduling is node/v1 Scheduling: the node selector and
// tolerations merged into every pod of the class.
type RuntimeClassScheduling struct {
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	Tolerations  []Toleration      `json:"tolerations,omitempty"`
}
