package tainttoleration

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// The vectors in testdata/ come from the shared conformance set: every
// expected value was produced by the real k8s v1.37.2 plugin.

func load(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func TestConformanceFilter(t *testing.T) {
	var cases []struct {
		Name        string            `json:"name"`
		Tolerations []core.Toleration `json:"tolerations"`
		Taints      []core.Taint      `json:"taints"`
		Gate        bool              `json:"comparisonOperatorsEnabled"`
		WantStatus  string            `json:"wantStatus"`
	}
	load(t, "testdata/scheduler_filter.json", &cases)
	if len(cases) != 27 {
		t.Fatalf("%d vectors, want 27", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			s := New(tc.Gate).Filter(framework.NewCycleState(), &core.Pod{Spec: core.PodSpec{Tolerations: tc.Tolerations}},
				&framework.NodeInfo{Node: &core.Node{Spec: core.NodeSpec{Taints: tc.Taints}}})
			got := ""
			if s != nil {
				got = s.Code.String() + ": " + s.Message()
			}
			if got != tc.WantStatus {
				t.Errorf("status %q, want %q", got, tc.WantStatus)
			}
		})
	}
}

func TestConformanceScore(t *testing.T) {
	var cases []struct {
		Name        string            `json:"name"`
		Tolerations []core.Toleration `json:"tolerations"`
		Nodes       []struct {
			Name   string       `json:"name"`
			Taints []core.Taint `json:"taints"`
		} `json:"nodes"`
		Gate       bool `json:"comparisonOperatorsEnabled"`
		WantScores []struct {
			Name  string `json:"name"`
			Raw   int64  `json:"raw"`
			Score int64  `json:"score"`
		} `json:"wantScores"`
	}
	load(t, "testdata/scheduler_score.json", &cases)
	if len(cases) != 14 {
		t.Fatalf("%d vectors, want 14", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			pl := New(tc.Gate)
			pod := &core.Pod{Spec: core.PodSpec{Tolerations: tc.Tolerations}}
			st := framework.NewCycleState()
			var nodes []*framework.NodeInfo
			for _, n := range tc.Nodes {
				nodes = append(nodes, &framework.NodeInfo{Node: &core.Node{ObjectMeta: core.ObjectMeta{Name: n.Name}, Spec: core.NodeSpec{Taints: n.Taints}}})
			}
			pl.PreScore(st, pod, nodes)
			scores := make([]int64, len(nodes))
			for i, n := range nodes {
				scores[i], _ = pl.Score(st, pod, n)
				if scores[i] != tc.WantScores[i].Raw {
					t.Errorf("%s raw %d, want %d", n.Name(), scores[i], tc.WantScores[i].Raw)
				}
			}
			pl.NormalizeScore(st, pod, scores)
			for i := range scores {
				if scores[i] != tc.WantScores[i].Score || tc.WantScores[i].Name != nodes[i].Name() {
					t.Errorf("%s score %d, want %s %d", nodes[i].Name(), scores[i], tc.WantScores[i].Name, tc.WantScores[i].Score)
				}
			}
		})
	}
}
