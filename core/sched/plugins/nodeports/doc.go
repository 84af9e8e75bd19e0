// Package nodeports is the NodePorts filter plugin
// (pkg/scheduler/framework/plugins/nodeports/node_ports.go, v1.37): a pod
// whose containers ask for host ports fits only a node where no active pod
// already holds a conflicting one. Two host ports conflict when their port
// numbers and protocols (empty means TCP) are equal and their host IPs are
// equal or either is the wildcard 0.0.0.0 (empty means 0.0.0.0); "::" is
// not a wildcard, as upstream's HostPortInfo.
//
// PreFilter skips pods without host ports, so the plugin costs nothing for
// them. Sidecars (init containers with restartPolicy Always) hold host
// ports from 1.34 (PR #132040); NewForVersion gives the older rule.
package nodeports
