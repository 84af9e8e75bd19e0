// Package lesson reproduces the "Taints and Tolerations" lesson of the
// regional measurement network (shared/seeds/taints-lesson.txt) in Go, cell
// for cell, and sets its teaching model beside the playground's faithful
// scheduler.
//
// The model (model.go) is the lesson's taint.mjs and toleration.mjs
// translated line by line: nine nodes d0..d8 of 1500 units, tainted in
// TaintOrder (one node per zone first), the general workload (18 pods) and
// the nightly batch job (6 pods that tolerate the taint and target the
// tainted nodes by label), and Place, the first-fit placement with the
// taint's three effects (block, deprioritize, evict). A toleration there is
// a boolean and the first eligible node in node order wins. TaintedTable,
// EffectsTable and TolerationTable are the lesson's three tables and Text
// is the scripts' whole console output, formatted as the scripts format it
// (padEnd/padStart, toFixed).
//
// Sweep varies one parameter of Params (tainted nodes, taint effect,
// wrongly tolerating general pods, batch window hours) and returns a Table
// with a Series per measured column for a chart.
//
// Cluster expresses the same cluster as real Nodes and Pods (allocatable
// cpu 1500m per node, one lesson unit = one millicore; taint
// batch=true:NoSchedule, PreferNoSchedule or NoExecute; the batch pods
// tolerate it and select the tainted nodes by the label pool=batch).
// RunProfile places those pods with a scheduler profile: the teaching
// profile of core/sched/teaching, which reproduces the model's tables, or
// the faithful default profile of core/sched. Compare lists, cell by cell,
// where the two profiles' tables differ and why.
//
// Everything is deterministic, pure Go and never panics.
package lesson
