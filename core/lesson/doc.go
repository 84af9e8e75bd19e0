// Package lesson reproduces the "Taints and Tolerations" lesson of the
// regional measurement network (shared/seeds/taints-lesson.txt) in Go, cell
// for cell, and sets its teaching model beside the playground's faithful
// scheduler.
//
// Start with LessonTables: the lesson's three tables (Tables.Text, or
// Text, is the scripts' whole console output), computed by the model of
// model.go, the lesson's taint.mjs and toleration.mjs translated line by
// line (MakeNodes, MakePods, Place). Sweep and Measure vary one parameter
// of Params for a chart. Cluster expresses the same cluster as real Nodes
// and Pods; ProfileTables, MeasureProfile and SweepProfile schedule them
// with a scheduler profile, TeachingProfile (the model's first fit) or
// DefaultProfile (kube-scheduler's), and Compare lists, cell by cell, where
// the two profiles' tables differ and why. Everything is deterministic,
// pure Go and never panics.
package lesson
