package impact

import (
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/scenario"
)

// FuzzPreview: any command line and time gives a preview or an error
// naming its field, never a panic, and leaves the scenario alone.
func FuzzPreview(f *testing.F) {
	for _, seed := range []string{
		"kubectl taint nodes n1 k=v:NoExecute",
		"kubectl taint nodes n1 k:NoExecute-",
		"kubectl taint nodes -l zone=a k=v:NoSchedule --overwrite",
		"kubectl taint nodes --all k-",
		"kubectl taint nodes n1 k=v:NoExecute --dry-run=client",
		"kubectl taint",
		"k taint no n1 'a b'=c:NoExecute",
		"kubectl taint nodes n1 a=b:NoExecute | sh",
		"",
	} {
		f.Add(seed, int64(5))
	}
	const text = `kind: Scenario
name: fuzz
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: a}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeName: n1
  tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 3}]
  containers: [{name: c, image: app}]
`
	f.Fuzz(func(t *testing.T, command string, sec int64) {
		s, err := scenario.Parse([]byte(text), "fuzz.yaml")
		if err != nil {
			t.Fatal(err)
		}
		im, err := Preview(s, time.Duration(sec%120)*time.Second, command)
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "at: ") && !strings.HasPrefix(msg, "command: ") && !strings.HasPrefix(msg, "too large") {
				t.Errorf("error names no field: %q", msg)
			}
		} else if im == nil {
			t.Error("no preview and no error")
		}
		if len(s.Steps) != 0 || s.Until != 10*time.Second {
			t.Error("the scenario changed")
		}
	})
}
