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
// LessonTables gives the three tables as a Tables value, Tables.Text the
// scripts' output. Two cells are the scripts' literals, not counts: the
// effects table prints 0 unplaced for placement block and
// deprioritization and 0 misplaced for eviction block.
//
// Sweep varies one parameter of Params (tainted nodes 0..9, taint effect,
// wrongly tolerating general pods 0..18, batch window hours 1..24) and
// returns a Table with a Series per measured column for a chart; Measure
// is one point. Beyond five tainted nodes FullTaintOrder continues the
// lesson's one-node-per-zone order.
//
// Cluster expresses the same cluster as real Nodes and Pods (allocatable
// cpu 1500m per node, one lesson unit = one millicore; taint
// batch=true:NoSchedule, PreferNoSchedule or NoExecute; the batch pods
// tolerate it and select the tainted nodes by the label pool=batch).
// ProfileTables, MeasureProfile and SweepProfile place those pods, one at
// a time in the lesson's order, with a scheduler profile: TeachingProfile
// (core/sched/teaching), which reproduces the model's tables at every
// point, or DefaultProfile (core/sched.Schedule, kube-scheduler's default
// profile; ties among the best nodes go to the first in node order).
// Compare lists, cell by cell, where the two profiles' tables differ and
// why.
//
// Everything is deterministic, pure Go and never panics.
package lesson
