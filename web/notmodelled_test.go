package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// A pod made from a Deployment whose template has a PersistentVolumeClaim
// volume carries the gap to its chip (with the why in the tooltip) and to
// the why panel; terminationGracePeriodSeconds is modelled (graceful
// termination), so it raises no gap.
func TestNotModelledFieldsReachTheBoard(t *testing.T) {
	s, err := scenario.Parse([]byte(`apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: db}
spec:
  replicas: 1
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      terminationGracePeriodSeconds: 60
      containers: [{name: db, image: postgres}]
      volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
`), "gaps.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	last := res.Frames[len(res.Frames)-1]
	require.Len(t, last.Pods, 1)
	pod := last.Pods[0]
	require.Len(t, pod.NotModelled, 1)

	v := NewPodView(pod, "")
	assert.Contains(t, v.NotModelled, "spec.template.spec.volumes[0].persistentVolumeClaim: VolumeBinding")
	assert.NotContains(t, v.NotModelled, "terminationGracePeriodSeconds")
	html := app.HTMLString(app.Div().Body(podChip(v)))
	assert.Contains(t, html, "badge-not-modelled")

	why := app.HTMLString(&WhyPanel{Pod: pod})
	assert.Contains(t, why, "why-not-modelled")
	assert.Contains(t, why, "spec.template.spec.volumes[0].persistentVolumeClaim")
}
