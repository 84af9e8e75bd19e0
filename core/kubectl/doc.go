// Package kubectl is kubectl as a client of the simulated cluster, with
// kubectl v1.37's argument grammar, output and error texts: taint, cordon,
// uncordon and label (over Nodes), and delete, drain, scale, apply,
// describe and get (over Cluster, the API server the simulator implements
// and tests fake). Start with Run, which takes a command line's words as
// Split breaks them.
//
// Every command returns what kubectl prints on stdout and, on failure, an
// error whose Error() is exactly what kubectl prints on stderr (without
// the final newline). Writes go through the cluster one object at a time,
// like the requests a real API server receives. Resource names go through
// one alias table (Kind), flags through one parser (pflag's rules), and the
// scenario's step grammar uses Split and Kind too. The parsing helpers of
// kubectl taint (ParseTaints, ReorganizeTaints, CheckIfTaintsAlreadyExists)
// are exported for the lesson UI, which explains each step; the renderers
// (DescribePod, DescribeNode, GetPods, GetEvents) for the board's describe
// texts.
package kubectl
