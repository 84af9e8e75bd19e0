// Package podtopologyspread is the score half of the PodTopologySpread
// plugin (pkg/scheduler/framework/plugins/podtopologyspread, scoring.go)
// with the system default constraints only, hostname maxSkew 3 and zone
// maxSkew 5, both ScheduleAnyway: they never filter, they score (default
// weight 2), and only controller-owned pods get them. The playground's
// pods carry no topologySpreadConstraints.
//
// Start with New and the plugin's PreScore, Score and NormalizeScore;
// DefaultSelector says which pods the defaults apply to and with which
// selector, and SystemDefaultConstraints lists them.
package podtopologyspread
