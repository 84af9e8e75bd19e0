package sched

import (
	"sort"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Messages of the scheduling cycle (exact upstream text).
const (
	// ErrNoNodesAvailable is the whole FailedScheduling text when the
	// snapshot has no nodes (ErrNoNodesAvailable).
	ErrNoNodesAvailable = "no nodes available to schedule pods"
	// noteLengthLimit is the event note limit (validation.NoteLengthLimit).
	noteLengthLimit = 1024
)

// Thresholds of numFeasibleNodesToFind.
const (
	minFeasibleNodesToFind           = 100
	minFeasibleNodesPercentageToFind = 5
)

// NumFeasibleNodesToFind returns how many feasible nodes the Filter pass
// looks for before it stops (upstream numFeasibleNodesToFind with the
// default adaptive percentageOfNodesToScore): all nodes below 100,
// otherwise n*max(50-n/125, 5)/100 but at least 100.
func NumFeasibleNodesToFind(numAllNodes int) int {
	if numAllNodes < minFeasibleNodesToFind {
		return numAllNodes
	}
	percentage := 50 - numAllNodes/125
	if percentage < minFeasibleNodesPercentageToFind {
		percentage = minFeasibleNodesPercentageToFind
	}
	n := numAllNodes * percentage / 100
	if n < minFeasibleNodesToFind {
		return minFeasibleNodesToFind
	}
	return n
}

// pluginList formats plugin names as Go's %v prints a sorted []string:
// "[A B]".
func pluginList(names []string) string {
	s := append([]string(nil), names...)
	sort.Strings(s)
	return "[" + strings.Join(s, " ") + "]"
}

// Schedule runs one kube-scheduler (v1.37 default profile) scheduling cycle
// for pod over nodes (schedulePod + the PostFilter part of
// schedulingAlgorithm):
//
//  1. no nodes → Message ErrNoNodesAvailable;
//  2. PreFilter (NodeAffinity may reject the pod or narrow the nodes);
//  3. nominated-node fast path: if pod.Status.NominatedNodeName names a
//     node that passes every filter, it is chosen without scoring;
//  4. Filter every node (from Options.StartNodeIndex, stopping after
//     NumFeasibleNodesToFind feasible nodes), first rejecting plugin wins;
//  5. one feasible node → chosen without scoring; several → PreScore,
//     Score, NormalizeScore, weights, and a uniform random pick among the
//     highest totals with opts.Rand;
//  6. none → the FailedScheduling message, including DefaultPreemption's
//     dry run; a successful preemption fills NominatedNode and Victims,
//     one that finds no candidate sets ClearNomination.
//
// Nil nodes, nodes without a Node object and repeated node names (after
// the first) are ignored. A nil pod is treated as a pod with an empty
// spec. Schedule does not modify its arguments and never panics.
func Schedule(pod *core.Pod, nodes []*NodeInfo, opts Options) Result {
	yield()
	c := getScratch()
	defer c.release()
	return schedule(pod, nodes, opts, c)
}

// schedule is Schedule with the scratch memory c.
func schedule(pod *core.Pod, nodes []*NodeInfo, opts Options, c *scratch) Result {
	all := c.snapshot(nodes)
	c.images = &c.kept
	return scheduleAll(pod, all, opts, c)
}

// scheduleAll is one cycle over the snapshot all (no nil entries, no
// repeated names).
func scheduleAll(pod *core.Pod, all []*NodeInfo, opts Options, c *scratch) Result {
	if pod == nil {
		pod = &core.Pod{}
	}
	res := Result{NumAllNodes: len(all), NextStartNodeIndex: opts.StartNodeIndex}
	if len(all) == 0 {
		res.Rejected = map[string]*Status{}
		// Upstream returns before the Filter pass, leaving
		// nextStartNodeIndex as it was.
		res.Message, res.ConditionMessage = ErrNoNodesAvailable, ErrNoNodesAvailable
		res.ClearNomination = true
		return res
	}
	p := newProfile(opts)
	p.spread.SetSnapshot(all)
	p.images.SetSnapshot(len(all), c.images)
	state := framework.NewCycleState()
	diag := &nodeToStatus{}

	preRes, preStatus, pluginsWithNodes := p.runPreFilter(state, pod, all)
	if preStatus != nil {
		// The pod itself is rejected: every node gets the PreFilter status.
		diag.absent = preStatus
		diag.preFilterMsg = preStatus.Message()
		res.Rejected = make(map[string]*Status, len(all))
		for _, n := range all {
			res.Rejected[n.Name()] = preStatus
		}
		fail(&res, p, state, pod, all, diag)
		return res
	}

	if nnn := pod.Status.NominatedNodeName; nnn != "" {
		for _, n := range all {
			if n.Name() == nnn && p.runFilter(state, pod, n).IsSuccess() {
				res.NodeName = nnn
				if !opts.SkipBreakdown {
					res.Feasible = []string{nnn}
					res.Rejected = map[string]*Status{}
				}
				return res
			}
		}
	}

	candidates := all
	absent := c.absent[:0]
	if !preRes.AllNodes() {
		candidates = make([]*NodeInfo, 0, len(preRes.NodeNames))
		for _, n := range all {
			if preRes.NodeNames[n.Name()] {
				candidates = append(candidates, n)
			} else {
				if diag.absent == nil {
					diag.absent = &Status{Plugin: strings.Join(pluginsWithNodes, ","), Code: framework.UnschedulableAndUnresolvable,
						Reasons: []string{"node(s) didn't satisfy plugin(s) " + pluginList(pluginsWithNodes)}}
				}
				absent = append(absent, n)
			}
		}
	}
	c.absent = absent

	feasible := filterNodes(c, &res, p, state, pod, all, candidates, opts)

	if len(feasible) == 0 || !opts.SkipBreakdown {
		// The map is made once at its final size: growing it entry by
		// entry would hash every name again.
		res.Rejected = make(map[string]*Status, len(absent)+len(c.rejected))
		for _, n := range absent {
			res.Rejected[n.Name()] = diag.absent
		}
		for _, r := range c.rejected {
			res.Rejected[r.node.Name()] = r.status
		}
	}

	switch len(feasible) {
	case 0:
		// The explicit statuses are the Filter rejections.
		diag.explicit = make(map[string]*Status, len(c.rejected))
		for _, r := range c.rejected {
			diag.explicit[r.node.Name()] = r.status
		}
		fail(&res, p, state, pod, all, diag)
	case 1:
		res.NodeName = feasible[0].Name()
	default:
		scoreAndSelect(c, &res, p, state, pod, feasible, opts)
	}
	return res
}

// warmAhead is how many nodes ahead the Filter pass warms, and how many at
// a time.
const warmAhead = 8

// filterNodes runs Filter over candidates starting at start, stopping after
// NumFeasibleNodesToFind feasible nodes; it records rejections in
// c.rejected in the order the nodes were evaluated, the feasible names in
// snapshot order in res.Feasible, and the advanced start index, and
// returns the feasible nodes in snapshot order (in c's memory).
func filterNodes(c *scratch, res *Result, p *profile, state *framework.CycleState, pod *core.Pod, all, candidates []*NodeInfo, opts Options) []*NodeInfo {
	start := opts.StartNodeIndex
	c.rejected = c.rejected[:0]
	n := len(candidates)
	if n == 0 {
		return nil
	}
	if start < 0 {
		start = 0
	}
	want := NumFeasibleNodesToFind(n)
	c.passed = resize(c.passed, n)
	passed := c.passed
	clear(passed)
	found, processed := 0, 0
	idx := start % n
	var warm uintptr
	for i := 0; i < n; i++ {
		if i%warmAhead == 0 {
			// Warm the nodes after the next warmAhead together (see
			// NodeInfo.Warm); the next ones were warmed last time.
			for j, w := idx+warmAhead, idx+2*warmAhead; j < w; j++ {
				warm += candidates[j%n].Warm()
			}
		}
		ni := candidates[idx]
		processed++
		if s := p.runFilter(state, pod, ni); s != nil {
			c.rejected = append(c.rejected, rejection{ni, s})
		} else {
			passed[idx] = true
			if found++; found >= want {
				break
			}
		}
		if idx++; idx == n {
			idx = 0
		}
	}
	c.warm = warm
	res.NextStartNodeIndex = (start + processed) % len(all)
	feasible := c.feasible[:0]
	for i, ni := range candidates {
		if passed[i] {
			feasible = append(feasible, ni)
		}
	}
	c.feasible = feasible
	if !opts.SkipBreakdown {
		res.Feasible = make([]string, len(feasible))
		for i, ni := range feasible {
			res.Feasible[i] = ni.Name()
		}
	}
	return feasible
}

// scoreAndSelect runs PreScore/Score/NormalizeScore for every score plugin
// (upstream prioritizeNodes: RunPreScorePlugins, then RunScorePlugins),
// sums the weighted scores and picks uniformly among the nodes with the
// highest total. Only Result.Scores, its breakdowns and Tied are
// allocated (none of them with Options.SkipBreakdown); the raw,
// normalized and total scores live in c.
func scoreAndSelect(c *scratch, res *Result, p *profile, state *framework.CycleState, pod *core.Pod, feasible []*NodeInfo, opts Options) {
	active := c.active[:0]
	for _, ws := range p.score {
		if pre, ok := ws.plugin.(framework.PreScorePlugin); ok {
			if s := pre.PreScore(state, pod, feasible); s.IsSkip() {
				res.SkippedScorePlugins = append(res.SkippedScorePlugins, ws.plugin.Name())
				continue
			}
		}
		active = append(active, ws)
	}
	c.active = active
	n, k := len(feasible), len(active)
	var plugins []PluginScore
	if !opts.SkipBreakdown {
		// Each node's breakdown is a window of one shared array.
		plugins = make([]PluginScore, n*k)
	}
	c.raw = resize(c.raw, n)
	c.norm = resize(c.norm, n)
	c.total = resize(c.total, n)
	raw, norm, total := c.raw, c.norm, c.total
	clear(total)
	for j, ws := range active {
		pl := ws.plugin
		for i, ni := range feasible {
			raw[i], _ = pl.Score(state, pod, ni)
		}
		copy(norm, raw)
		if nz, ok := pl.(framework.ScoreNormalizer); ok {
			nz.NormalizeScore(state, pod, norm)
		}
		name := pl.Name()
		for i := range feasible {
			v := norm[i]
			// Upstream rejects scores outside [0, MaxNodeScore] as an
			// error; the playground clamps instead of failing the cycle.
			if v < 0 {
				v = 0
			} else if v > framework.MaxNodeScore {
				v = framework.MaxNodeScore
			}
			w := v * ws.weight
			if plugins != nil {
				plugins[i*k+j] = PluginScore{Plugin: name, Raw: raw[i], Normalized: v, Weighted: w}
			}
			total[i] += w
		}
	}
	best := total[0]
	for _, t := range total[1:] {
		if t > best {
			best = t
		}
	}
	tied := 0
	for _, t := range total {
		if t == best {
			tied++
		}
	}
	pick := 0
	if opts.Rand != nil && tied > 1 {
		pick = opts.Rand.Intn(tied)
	}
	if !opts.SkipBreakdown {
		scores := make([]NodeScore, n)
		res.Tied = make([]string, 0, tied)
		for i, ni := range feasible {
			scores[i] = NodeScore{Node: ni.Name(), Plugins: plugins[i*k : (i+1)*k : (i+1)*k], Total: total[i]}
			if total[i] == best {
				res.Tied = append(res.Tied, scores[i].Node)
			}
		}
		res.Scores = scores
	}
	for i, t := range total {
		if t == best {
			if pick == 0 {
				res.NodeName = feasible[i].Name()
				return
			}
			pick--
		}
	}
}

// truncateMessage shortens an event note to 1024 bytes, ending in " ..."
// (upstream truncateMessage).
func truncateMessage(msg string) string {
	if len(msg) <= noteLengthLimit {
		return msg
	}
	const suffix = " ..."
	return msg[:noteLengthLimit-len(suffix)] + suffix
}
