package presets

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// The determinism test runs every preset (and a generated storm that
// exercises score ties, timers and rate limits) and compares the SHA-256 of
// the JSON of sim.Run's result with testdata/determinism.golden. make test
// runs it natively and again under GOOS=js GOARCH=wasm in Node, so both
// builds must produce the very same bytes. After an intended change to the
// simulator or a preset, regenerate natively with
//
//	go test ./core/presets -run TestDeterminism -update
//
// and check that the js/wasm run agrees (make test-wasm).
var updateGolden = flag.Bool("update", false, "rewrite testdata/determinism.golden")

const goldenFile = "testdata/determinism.golden"

// determinismCases returns name → scenario text.
func determinismCases(t *testing.T) map[string]string {
	t.Helper()
	cases := map[string]string{}
	entries, err := files.ReadDir("scenarios")
	require.NoError(t, err)
	for _, e := range entries {
		b, err := files.ReadFile("scenarios/" + e.Name())
		require.NoError(t, err)
		cases["preset/"+strings.TrimSuffix(e.Name(), ".yaml")] = string(b)
	}
	cases["generated/storm-12x60"] = stormYAML(12, 60)
	return cases
}

// stormYAML is n nodes in three zones and p pods with varied
// tolerationSeconds; nodes fail and recover over ten minutes, and a
// NoExecute taint comes and goes. Identical nodes make score ties, so the
// seeded tie-breaker decides placements.
func stormYAML(n, p int) string {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: storm\noptions: {seed: 7}\nuntil: 10m\nsteps:\n")
	for i := 0; i < n; i += 4 {
		fmt.Fprintf(&b, "- {at: %ds, run: node n%d stop}\n", 10+i, i)
	}
	fmt.Fprintf(&b, "- {at: 2m, run: kubectl taint nodes n1 storm=yes:NoExecute}\n")
	for i := 0; i < n; i += 4 {
		fmt.Fprintf(&b, "- {at: %ds, run: node n%d start}\n", 240+i, i)
	}
	fmt.Fprintf(&b, "- {at: 5m, run: kubectl taint nodes n1 storm=yes:NoExecute-}\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata: {name: n%d, labels: {topology.kubernetes.io/zone: z%d}}\nstatus: {allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}}\n", i, i%3)
	}
	for i := 0; i < p; i++ {
		fmt.Fprintf(&b, "---\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 128Mi}}}]\n", i)
		switch i % 4 {
		case 1:
			fmt.Fprintf(&b, "  tolerations: [{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: %d}]\n", 30*(i%7))
		case 2:
			fmt.Fprintf(&b, "  tolerations: [{key: storm, operator: Exists, effect: NoExecute, tolerationSeconds: %d}]\n", 15*(i%5))
		case 3:
			b.WriteString("  tolerations: [{operator: Exists}]\n")
		}
	}
	return b.String()
}

func resultHash(t *testing.T, name, text string) string {
	t.Helper()
	s, err := scenario.Parse([]byte(text), name+".yaml")
	require.NoError(t, err, name)
	res, err := sim.Run(s)
	require.NoError(t, err, name)
	b, err := json.Marshal(res)
	require.NoError(t, err, name)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestDeterminism(t *testing.T) {
	cases := determinismCases(t)
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	got := map[string]string{}
	for _, n := range names {
		got[n] = resultHash(t, n, cases[n])
	}

	if *updateGolden {
		require.NotEqual(t, "wasm", runtime.GOARCH, "regenerate the golden file natively, then check it under js/wasm")
		var b bytes.Buffer
		b.WriteString("# SHA-256 of the JSON of sim.Run per scenario; native and js/wasm must both match.\n")
		b.WriteString("# Regenerate: go test ./core/presets -run TestDeterminism -update\n")
		for _, n := range names {
			fmt.Fprintf(&b, "%s %s\n", n, got[n])
		}
		require.NoError(t, os.MkdirAll(filepath.Dir(goldenFile), 0o755))
		require.NoError(t, os.WriteFile(goldenFile, b.Bytes(), 0o644))
		return
	}

	f, err := os.Open(goldenFile)
	require.NoError(t, err, "create it with: go test ./core/presets -run TestDeterminism -update")
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, hash, ok := strings.Cut(line, " ")
		require.True(t, ok, "%s: bad line %q", goldenFile, line)
		want[name] = hash
	}
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			w, ok := want[n]
			require.True(t, ok, "%s is not in %s (run: go test ./core/presets -run TestDeterminism -update)", n, goldenFile)
			assert.Equal(t, w, got[n], "%s on %s/%s: the result hash, golden first — the simulation changed or is not deterministic on this platform; if the change is intended, regenerate natively with -update and check make test-wasm", n, runtime.GOOS, runtime.GOARCH)
		})
	}
	for n := range want {
		if _, ok := cases[n]; !ok {
			t.Logf("%s has %s, which no longer exists (regenerate with -update to drop it)", goldenFile, n)
		}
	}
}
