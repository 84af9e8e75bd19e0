package upstream

import (
	"os"
	"testing"

	"k8s.io/kubernetes/pkg/scheduler/metrics"
)

// TestMain registers kube-scheduler's metrics, which its framework
// records into (upstream's own tests do the same).
func TestMain(m *testing.M) {
	metrics.Register()
	os.Exit(m.Run())
}
