// Package podtopologyspread is the PodTopologySpread plugin
// (pkg/scheduler/framework/plugins/podtopologyspread: common.go,
// filtering.go, scoring.go, plugin.go). A pod's own
// topologySpreadConstraints decide everything: the DoNotSchedule ones
// filter (PreFilter counts the matching pods per topology domain over the
// snapshot, Filter rejects a node where the skew would exceed maxSkew or
// that lacks the topology key), the ScheduleAnyway ones score. Pods
// without constraints get the system defaults instead, hostname maxSkew 3
// and zone maxSkew 5, both ScheduleAnyway, when a controller owns them:
// they never filter, they score (default weight 2).
//
// Start with NewForVersion and the plugin's PreFilter, Filter, PreScore,
// Score and NormalizeScore; AddPod and RemovePod keep the PreFilter state
// right when preemption or nominated pods change a node's pods.
// DefaultSelector says which pods the defaults apply to and with which
// selector, and SystemDefaultConstraints lists them.
package podtopologyspread
