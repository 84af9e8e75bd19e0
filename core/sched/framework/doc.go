// Package framework is the small plugin framework the playground's scheduler
// is built on: status codes, the NodeInfo snapshot entry, per-cycle state,
// the extension-point interfaces (PreFilter, Filter, PreScore, Score,
// NormalizeScore) and the resource arithmetic several plugins share.
//
// It mirrors the shapes of k8s.io/kubernetes/pkg/scheduler/framework (v1.37)
// closely enough that each plugin package reads like its upstream
// counterpart, without contexts, loggers, informers or parallelism: one
// cycle runs on one goroutine and nothing here panics on malformed input.
package framework
