// Package imagelocality is the ImageLocality score plugin
// (pkg/scheduler/framework/plugins/imagelocality/image_locality.go, v1.37):
// it favours nodes whose status.images already hold the pod's container
// images. Each image found on a node scores its size times the share of
// the snapshot's nodes that hold it (so an image present everywhere weighs
// as much as it is big, one present on few nodes little: the "node heating"
// guard); the sum is clamped to [23 MiB, 1000 MiB × number of images] and
// scaled to 0–100. Pod image names without a tag or digest get ":latest";
// node image names are taken as listed. Default weight 1.
//
// The number of nodes holding each image name is counted once per
// snapshot (Index, kept by the scheduler's snapshot), as kube-scheduler's
// cache keeps ImageStateSummary.NumNodes. An image's size is the one the
// scored node lists (the last listing of the name on that node), as
// cache.NewSnapshot builds it; kube-scheduler's live cache keeps the size
// of the first node that reported the name, which differs only when nodes
// report different sizes under one name.
//
// Init containers' images count from 1.30 (before, containers only);
// NewForVersion gives the older rule. Image volumes (1.33+) are not
// modelled: the playground's pods have none.
package imagelocality
