package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/taints-playground/playground/core"
)

// The why matrix's toleration columns each name their toleration: number,
// key, operator, value, effect and seconds, the whole of it as title and
// aria-label; every other column is striped.
func TestTolerationColumnHeads(t *testing.T) {
	secs := int64(300)
	tests := []struct {
		name  string
		i     int
		tol   core.Toleration
		want  []string
		class string
	}{
		{"equal with value", 0, core.Toleration{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "gpu", Effect: core.TaintEffectNoSchedule},
			[]string{`aria-label="#1 dedicated=gpu:NoSchedule"`, `title="#1 dedicated=gpu:NoSchedule"`, ">#1<", ">dedicated<", ">Equal gpu NoSchedule<"}, `class="tol-col tol-c"`},
		{"operator left out is Equal", 1, core.Toleration{Key: "team", Value: "a"},
			[]string{`aria-label="#2 team=a"`, ">Equal a *<"}, `class="tol-col tol-c is-alt"`},
		{"exists everything", 2, core.Toleration{Operator: core.TolerationOpExists},
			[]string{`aria-label="#3 op=Exists"`, ">*<", ">Exists *<"}, `class="tol-col tol-c"`},
		{"seconds", 3, core.Toleration{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs},
			[]string{`aria-label="#4 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s"`, ">Exists NoExecute 300s<"}, `class="tol-col tol-c is-alt"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := app.HTMLString(tolHeader(tt.i, tt.tol))
			for _, w := range append(tt.want, tt.class) {
				assert.Contains(t, html, w)
			}
		})
	}
}
