package tainttoleration

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// The scheduler_filter.json and scheduler_score.json vectors of the shared
// conformance set (core/testdata/conformance, schemas in its README) run
// here, against the real plugin; package core's TestConformance checks the
// other files and leaves these two to this package. Every expected value
// was produced by the real k8s v1.37.2 plugin.

// conformanceDir is CONFORMANCE_DIR when set (as for package core's
// TestConformance; a relative path is relative to this package's
// directory), else core/testdata/conformance.
func conformanceDir() string {
	if dir := os.Getenv("CONFORMANCE_DIR"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "..", "testdata", "conformance")
}

func loadVectors(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(conformanceDir(), file))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, v), "%s: not a JSON array of vectors", file)
}

// runVectors runs check for every vector as a subtest named after it and
// prints the same summary line as package core's TestConformance.
func runVectors(t *testing.T, file string, names []string, check func(t *testing.T, i int)) {
	t.Helper()
	failed := 0
	for i, name := range names {
		if !t.Run(name, func(t *testing.T) { check(t, i) }) {
			failed++
		}
	}
	fmt.Printf("conformance: %d vectors checked, %d failed (%s, against the TaintToleration plugin)\n", len(names), failed, file)
}

func TestConformanceFilter(t *testing.T) {
	var cases []struct {
		Name        string            `json:"name"`
		Tolerations []core.Toleration `json:"tolerations"`
		Taints      []core.Taint      `json:"taints"`
		Gate        bool              `json:"comparisonOperatorsEnabled"`
		WantStatus  string            `json:"wantStatus"`
	}
	loadVectors(t, "scheduler_filter.json", &cases)
	require.Len(t, cases, 27)
	names := make([]string, len(cases))
	for i, tc := range cases {
		names[i] = tc.Name
	}
	runVectors(t, "scheduler_filter.json", names, func(t *testing.T, i int) {
		tc := cases[i]
		s := New(tc.Gate).Filter(framework.NewCycleState(), &core.Pod{Spec: core.PodSpec{Tolerations: tc.Tolerations}},
			&framework.NodeInfo{Node: &core.Node{Spec: core.NodeSpec{Taints: tc.Taints}}})
		got := ""
		if s != nil {
			got = s.Code.String() + ": " + s.Message()
		}
		assert.Equal(t, tc.WantStatus, got, "status")
	})
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
	loadVectors(t, "scheduler_score.json", &cases)
	require.Len(t, cases, 14)
	names := make([]string, len(cases))
	for i, tc := range cases {
		names[i] = tc.Name
	}
	runVectors(t, "scheduler_score.json", names, func(t *testing.T, i int) {
		tc := cases[i]
		require.Len(t, tc.WantScores, len(tc.Nodes), "the vector has a score per node")
		pl := New(tc.Gate)
		pod := &core.Pod{Spec: core.PodSpec{Tolerations: tc.Tolerations}}
		st := framework.NewCycleState()
		var nodes []*framework.NodeInfo
		for _, n := range tc.Nodes {
			nodes = append(nodes, &framework.NodeInfo{Node: &core.Node{ObjectMeta: core.ObjectMeta{Name: n.Name}, Spec: core.NodeSpec{Taints: n.Taints}}})
		}
		require.Nil(t, pl.PreScore(st, pod, nodes))
		scores := make([]int64, len(nodes))
		for i, n := range nodes {
			var s *framework.Status
			scores[i], s = pl.Score(st, pod, n)
			require.Nil(t, s)
			assert.Equal(t, tc.WantScores[i].Name, n.Name(), "node %d name", i)
			assert.Equal(t, tc.WantScores[i].Raw, scores[i], "node %s raw", n.Name())
		}
		require.Nil(t, pl.NormalizeScore(st, pod, scores))
		for i, n := range nodes {
			assert.Equal(t, tc.WantScores[i].Score, scores[i], "node %s score", n.Name())
		}
	})
}
