// Package controllers holds what the simulated control-plane components
// share: Env, the store, clock and narration each one is given, and
// Manager, kube-controller-manager's work signal for the workload
// controllers. Each controller is a package below this one
// (tainteviction, nodelifecycle, replicaset, deployment, daemonset,
// disruption, kubelet, podgc) with a Controller that registers its watches on
// the store, sets its own timers on the clock and writes through the
// store. Start with Env.
package controllers
