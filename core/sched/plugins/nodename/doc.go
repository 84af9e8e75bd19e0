// Package nodename is the NodeName filter plugin
// (pkg/scheduler/framework/plugins/nodename): a pod that already names a
// node in spec.nodeName fits only that node.
package nodename
