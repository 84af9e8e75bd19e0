package scenario

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/taints-playground/playground/core"
)

// Error is a problem in a scenario file. Its text is
// "<file>: document <n>: <message>", where the message reads like the API
// server's (`The Pod "web" is invalid: …`) for invalid objects.
type Error struct {
	// File is the file name given to Parse ("" leaves the prefix out).
	File string
	// Document is the 1-based number of the document among the file's
	// non-empty documents; 0 when the error concerns the whole file.
	Document int
	// Line is the 1-based line where that document starts; 0 when unknown.
	Line int
	// FileLine is the 1-based line of the file the error points at: the
	// line a YAML message names ("line 7:", counted in the document)
	// converted to the file, else the document's first line; 0 when the
	// error concerns the whole file (fileLine).
	FileLine int
	// Message is the error text without the file and document prefix.
	Message string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Document > 0 {
		fmt.Fprintf(&b, "document %d: ", e.Document)
	}
	b.WriteString(e.Message)
	return b.String()
}

// document is one YAML document of the file.
type document struct {
	num  int // 1-based among non-empty documents
	line int // 1-based first line
	text []byte
}

// splitDocuments cuts a multi-document YAML stream at `---` lines. Documents
// holding only comments and blank lines are dropped and not numbered.
func splitDocuments(data []byte) []document {
	var docs []document
	lines := strings.SplitAfter(string(data), "\n")
	var cur strings.Builder
	start := 1
	flush := func() {
		text := cur.String()
		if !onlyComments(text) {
			docs = append(docs, document{num: len(docs) + 1, line: start, text: []byte(text)})
		}
		cur.Reset()
	}
	for i, l := range lines {
		trimmed := strings.TrimRight(l, " \t\r\n")
		if trimmed == "---" || strings.HasPrefix(trimmed, "--- ") || strings.HasPrefix(trimmed, "---\t") {
			flush()
			start = i + 2
			continue
		}
		if trimmed == "..." {
			continue
		}
		if cur.Len() == 0 {
			// A document starts at its first line of text.
			if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
				start = i + 2
				continue
			}
			start = i + 1
		}
		cur.WriteString(l)
	}
	flush()
	return docs
}

// Document is one YAML document of a multi-document file: its 1-based
// number among the non-empty documents, the 1-based line it starts on, and
// its text. Parse and error messages number documents this way.
type Document struct {
	Num  int
	Line int
	Text []byte
}

// SplitDocuments cuts a multi-document YAML stream at `---` lines, as Parse
// does; documents holding only comments and blank lines are dropped and not
// numbered.
func SplitDocuments(data []byte) []Document {
	docs := splitDocuments(data)
	out := make([]Document, len(docs))
	for i, d := range docs {
		out[i] = Document{Num: d.num, Line: d.line, Text: d.text}
	}
	return out
}

func onlyComments(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") {
			return false
		}
	}
	return true
}

type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

// objectRef remembers where an object came from, for error messages.
type objectRef struct {
	doc  document
	item string // "items[2]: " for List items, "" otherwise
}

// Parse reads a scenario file: Node, Pod and List manifests plus at most one
// Scenario document, in any order. It validates every object like the API
// server does at create time and returns the first problem as an *Error
// naming the file and document. filename is only used in messages.
func Parse(data []byte, filename string) (s *Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, &Error{File: filename, Message: fmt.Sprintf("cannot read scenario: %v", r)}
		}
	}()
	p := &parser{file: filename}
	return p.parse(data)
}

type parser struct {
	file     string
	nodes    []*core.Node
	nodeRefs []objectRef
	pods     []*core.Pod
	podRefs  []objectRef
	scen     *scenarioDoc
	scenRef  document
	// Workloads and the other kinds (workloads.go).
	objs    Manifests
	objRefs []objectRef
	// inline is set while reading a step's manifest: no Scenario document.
	inline bool
	// read counts the documents that were not null.
	read int
}

// noDocuments is Parse's error for a file without a non-empty document.
const noDocuments = "the file holds no documents: write Node and Pod manifests and optionally one kind: Scenario document"

func (p *parser) errf(d document, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return &Error{File: p.file, Document: d.num, Line: d.line, FileLine: fileLine(d, msg), Message: msg}
}

func (p *parser) parse(data []byte) (*Scenario, error) {
	if err := checkSize(data); err != nil {
		return nil, &Error{File: p.file, Message: err.Error()}
	}
	docs := splitDocuments(data)
	if len(docs) == 0 {
		return nil, &Error{File: p.file, Message: noDocuments}
	}
	if err := p.documents(docs); err != nil {
		return nil, err
	}
	if p.read == 0 {
		// Only null documents ("null", "~", a bare anchor): as empty as
		// a file of comments.
		return nil, &Error{File: p.file, Message: noDocuments}
	}
	s := &Scenario{Options: Options{Seed: DefaultSeed, FeatureGates: map[string]bool{}}}
	if p.scen != nil {
		if err := p.applyScenario(s); err != nil {
			return nil, err
		}
	}
	if err := p.validateObjects(s); err != nil {
		return nil, err
	}
	if err := p.validateWorkloads(s.Options.ComparisonOperators()); err != nil {
		return nil, err
	}
	s.Nodes = p.nodes
	s.Pods = p.pods
	s.Deployments = p.objs.Deployments
	s.ReplicaSets = p.objs.ReplicaSets
	s.DaemonSets = p.objs.DaemonSets
	s.PodDisruptionBudgets = p.objs.PodDisruptionBudgets
	s.PriorityClasses = p.objs.PriorityClasses
	s.RuntimeClasses = p.objs.RuntimeClasses
	s.Namespaces = p.objs.Namespaces
	s.NotModelled = p.objs.NotModelled
	if err := s.CheckCaps(); err != nil {
		return nil, &Error{File: p.file, Message: err.Error()}
	}
	return s, nil
}

// document decodes one YAML document (decode): the kind, the strict field
// check and the typed object all come from its JSON and tree. sd is its
// value from the stream decoder, if any.
func (p *parser) document(d document, sd streamDoc) error {
	j, raw, strictErr, err := p.decode(d, sd)
	if err != nil {
		return err
	}
	if raw == nil {
		return nil
	}
	p.read++
	m, ok := raw.(map[string]any)
	if !ok {
		return p.errf(d, "expected an object with apiVersion and kind, found %s", describeValue(raw))
	}
	tm, err := p.typeMeta(d, j, m, strictErr)
	if err != nil {
		return err
	}
	switch tm.Kind {
	case "":
		return p.errf(d, "Object 'Kind' is missing: every document needs a kind (Node, Pod, List or Scenario)")
	case Kind:
		if p.inline {
			return p.errf(d, "kind Scenario belongs in the scenario file, not in a step's manifest")
		}
		if tm.APIVersion != "" && tm.APIVersion != APIVersion {
			return p.errf(d, "Scenario apiVersion %q is not supported: use %s (or leave apiVersion out)", tm.APIVersion, APIVersion)
		}
		if p.scen != nil {
			return p.errf(d, "a second kind: Scenario document (the first is document %d): a file holds at most one", p.scenRef.num)
		}
		// The one Scenario document is decoded into its type from the
		// YAML, which turns a YAML number or boolean into a string field.
		var sd scenarioDoc
		if err := yaml.UnmarshalStrict(d.text, &sd); err != nil {
			return p.errf(d, "Scenario: %s", cleanYAMLError(err))
		}
		p.scen = &sd
		p.scenRef = d
		return nil
	case "List", "NodeList", "PodList":
		if tm.APIVersion != "" && tm.APIVersion != "v1" {
			return p.errf(d, "no matches for kind %q in version %q", tm.Kind, tm.APIVersion)
		}
		if strictErr != nil {
			return p.errf(d, "%s in version %q cannot be handled as a %s: strict decoding error: %s", tm.Kind, "v1", tm.Kind, cleanYAMLError(strictErr))
		}
		return p.list(d, tm, j, m)
	}
	if strictErr != nil {
		// Valid YAML that strict decoding refuses: a duplicate key.
		return p.errf(d, "%s in version %q cannot be handled as a %s: strict decoding error: %s", tm.Kind, versionOf(tm.APIVersion), tm.Kind, cleanYAMLError(strictErr))
	}
	return p.object(d, "", tm, j, m)
}

// object decodes one object given as JSON; tree is that JSON decoded
// into a generic value, or nil to decode it here when needed.
func (p *parser) object(d document, prefix string, tm typeMeta, data []byte, tree any) error {
	switch tm.Kind {
	case "Node", "Pod":
	case "":
		return p.errf(d, "%sObject 'Kind' is missing", prefix)
	default:
		if want, ok := workloadKinds[tm.Kind]; ok {
			return p.workload(d, prefix, tm, want, data, tree)
		}
		return p.errf(d, "%skind %q is not supported: a scenario holds Node, Pod, Deployment, ReplicaSet, DaemonSet, PodDisruptionBudget, PriorityClass, RuntimeClass, Namespace and List manifests and one kind: Scenario document", prefix, tm.Kind)
	}
	if tm.APIVersion != "" && tm.APIVersion != "v1" {
		return p.errf(d, "%sno matches for kind %q in version %q", prefix, tm.Kind, tm.APIVersion)
	}
	// Decoded as JSON, like the API server does after kubectl turned the
	// YAML into JSON: a YAML boolean or number where the API wants a string
	// (an unquoted `value: true`) is an error, not silently converted.
	switch tm.Kind {
	case "Node":
		var n core.Node
		if err := json.Unmarshal(data, &n); err != nil {
			return p.errf(d, "%sNode in version \"v1\" cannot be handled as a Node: %s", prefix, err)
		}
		msg, gaps := unknownFields("Node", data, tree)
		if msg != "" {
			return p.errf(d, "%sNode in version \"v1\" cannot be handled as a Node: %s", prefix, msg)
		}
		n.NotModelled = gaps
		p.recordGaps("Node/"+n.Name, gaps)
		p.nodes = append(p.nodes, &n)
		p.nodeRefs = append(p.nodeRefs, objectRef{doc: d, item: prefix})
	case "Pod":
		var pod core.Pod
		if err := json.Unmarshal(data, &pod); err != nil {
			return p.errf(d, "%sPod in version \"v1\" cannot be handled as a Pod: %s", prefix, err)
		}
		msg, gaps := unknownFields("Pod", data, tree)
		if msg != "" {
			return p.errf(d, "%sPod in version \"v1\" cannot be handled as a Pod: %s", prefix, msg)
		}
		if pod.Namespace == "" {
			pod.Namespace = DefaultNamespace
		}
		pod.Spec.NotModelled = gaps
		p.recordGaps("Pod/"+pod.Namespace+"/"+pod.Name, gaps)
		p.pods = append(p.pods, &pod)
		p.podRefs = append(p.podRefs, objectRef{doc: d, item: prefix})
	}
	return nil
}

func describeValue(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, int64, int:
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// cleanYAMLError drops the decoder's wrapping prefixes, keeping the cause.
func cleanYAMLError(err error) string {
	s := err.Error()
	for _, p := range []string{"error converting YAML to JSON: ", "error unmarshaling JSON: ", "while decoding JSON: "} {
		s = strings.ReplaceAll(s, p, "")
	}
	return s
}

// versionProblem is core.ParseVersion's complaint without its own
// "kubernetesVersion "x": " prefix (the field path replaces it).
func versionProblem(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// applyScenario checks and copies the Scenario document into s.
func (p *parser) applyScenario(s *Scenario) error {
	sd, d := p.scen, p.scenRef
	if sd.Name == "" {
		return p.errf(d, "Scenario: name: Required value")
	}
	s.Name, s.Title, s.Description = sd.Name, sd.Title, sd.Description
	if sd.Options != nil {
		if sd.Options.Seed != nil {
			s.Options.Seed = *sd.Options.Seed
		}
		if v := sd.Options.KubernetesVersion; v != "" {
			ver, err := core.ParseVersion(v)
			if err != nil {
				return p.errf(d, "Scenario: options.kubernetesVersion: Invalid value: %q: %s", v, versionProblem(err))
			}
			s.Options.KubernetesVersion = ver
		}
		gates := make([]string, 0, len(sd.Options.FeatureGates))
		for g := range sd.Options.FeatureGates {
			gates = append(gates, g)
		}
		sort.Strings(gates)
		for _, g := range gates {
			known := false
			for _, k := range knownGates {
				known = known || k == g
			}
			if !known {
				return p.errf(d, "Scenario: options.featureGates: unrecognized feature gate: %s (known: %s)", g, strings.Join(knownGates, ", "))
			}
			if g == GateComparisonOperators && !s.Options.Version().AtLeast(ComparisonOperatorsSince) {
				return p.errf(d, "Scenario: options.featureGates: unrecognized feature gate: %s (it exists from Kubernetes 1.%d; options.kubernetesVersion is %s)", g, ComparisonOperatorsSince, s.Options.Version())
			}
			s.Options.FeatureGates[g] = sd.Options.FeatureGates[g]
		}
		if err := p.applyAdmission(s, sd.Options); err != nil {
			return err
		}
	}
	for i, st := range sd.Steps {
		field := fmt.Sprintf("steps[%d]", i)
		if st.At == nil {
			return p.errf(d, "Scenario: %s.at: Required value: when the step runs, e.g. 30s", field)
		}
		if err := st.At.check(field + ".at"); err != nil {
			return p.errf(d, "Scenario: %v", err)
		}
		if st.At.Duration < 0 {
			return p.errf(d, "Scenario: %s.at: Invalid value: %q: must be 0s or later", field, FormatDuration(st.At.Duration))
		}
		if i > 0 && st.At.Duration < s.Steps[i-1].At {
			return p.errf(d, "Scenario: %s.at: Invalid value: %q: steps must be in time order (steps[%d].at is %s)", field, FormatDuration(st.At.Duration), i-1, FormatDuration(s.Steps[i-1].At))
		}
		if strings.TrimSpace(st.Run) == "" {
			return p.errf(d, "Scenario: %s.run: Required value: the command to run", field)
		}
		run, manifest := splitInlineManifest(st.Run)
		if manifest != "" && st.Manifest != "" {
			return p.errf(d, "Scenario: %s.manifest: Invalid value: the manifest is given twice (after the command and in manifest)", field)
		}
		if manifest == "" {
			manifest = st.Manifest
		}
		st.Run = run
		if IsApply(run) {
			if strings.TrimSpace(manifest) == "" {
				return p.errf(d, "Scenario: %s.manifest: Required value: kubectl apply -f - reads the manifest given in the step's manifest field (or in the lines after the command)", field)
			}
			if _, err := ParseManifest([]byte(manifest), s.Options.ComparisonOperators()); err != nil {
				return p.errf(d, "Scenario: %s.manifest: %v", field, err)
			}
		} else if manifest != "" {
			return p.errf(d, "Scenario: %s.manifest: Invalid value: only kubectl apply -f - takes a manifest", field)
		}
		if err := CheckCommand(st.Run); err != nil {
			return p.errf(d, "Scenario: %s.run: Invalid value: %q: %v", field, st.Run, err)
		}
		if name, ok := CreatePodName(st.Run); ok {
			found := false
			for _, pod := range p.pods {
				found = found || (pod.Name == name && pod.Namespace == DefaultNamespace)
			}
			if !found {
				return p.errf(d, "Scenario: %s.run: Invalid value: %q: this file has no Pod named %q in namespace %q to create", field, st.Run, name, DefaultNamespace)
			}
			for j, prev := range s.Steps {
				if n, ok := CreatePodName(prev.Run); ok && n == name {
					return p.errf(d, "Scenario: %s.run: Invalid value: %q: steps[%d] already creates pod %q", field, st.Run, j, name)
				}
			}
		}
		if name, ok := CreateNodeName(st.Run); ok {
			found := false
			for _, n := range p.nodes {
				found = found || n.Name == name
			}
			if !found {
				return p.errf(d, "Scenario: %s.run: Invalid value: %q: this file has no Node named %q to create", field, st.Run, name)
			}
			for j, prev := range s.Steps {
				if n, ok := CreateNodeName(prev.Run); ok && n == name {
					return p.errf(d, "Scenario: %s.run: Invalid value: %q: steps[%d] already creates node %q", field, st.Run, j, name)
				}
			}
		}
		s.Steps = append(s.Steps, Step{At: st.At.Duration, Run: strings.TrimSpace(st.Run), Caption: st.Caption, Manifest: manifest})
	}
	var waitEnd time.Duration
	for _, st := range s.Steps {
		if st.At > s.Until {
			s.Until = st.At
		}
		if w, err := WaitDuration(st.Run); err == nil && st.At+w > waitEnd {
			waitEnd = st.At + w
		}
	}
	if sd.Until != nil {
		if err := sd.Until.check("until"); err != nil {
			return p.errf(d, "Scenario: %v", err)
		}
		if sd.Until.Duration < 0 {
			return p.errf(d, "Scenario: until: Invalid value: %q: must be 0s or later", FormatDuration(sd.Until.Duration))
		}
		if sd.Until.Duration < s.Until {
			return p.errf(d, "Scenario: until: Invalid value: %q: must not be earlier than the last step (%s)", FormatDuration(sd.Until.Duration), FormatDuration(s.Until))
		}
		s.Until = sd.Until.Duration
		s.UntilSet = true
	} else if waitEnd > s.Until {
		// A final `wait D` step runs the clock D further.
		s.Until = waitEnd
	}
	return nil
}

// validateObjects validates every node and pod and rejects duplicates.
func (p *parser) validateObjects(s *Scenario) error {
	gate := s.Options.ComparisonOperators()
	seenNodes := map[string]int{}
	for i, n := range p.nodes {
		ref := p.nodeRefs[i]
		if errs := nodeErrors(n); len(errs) > 0 {
			return p.errf(ref.doc, "%s%s", ref.item, core.KubectlInvalidMessage("Node", n.Name, errs))
		}
		if j, dup := seenNodes[n.Name]; dup {
			return p.errf(ref.doc, "%snodes %q already exists (first defined in document %d)", ref.item, n.Name, p.nodeRefs[j].doc.num)
		}
		seenNodes[n.Name] = i
	}
	seenPods := map[string]int{}
	for i, pod := range p.pods {
		ref := p.podRefs[i]
		if errs := podErrors(pod, gate); len(errs) > 0 {
			return p.errf(ref.doc, "%s%s", ref.item, core.KubectlInvalidMessage("Pod", pod.Name, errs))
		}
		key := pod.Namespace + "/" + pod.Name
		if j, dup := seenPods[key]; dup {
			return p.errf(ref.doc, "%spods %q already exists in namespace %q (first defined in document %d)", ref.item, pod.Name, pod.Namespace, p.podRefs[j].doc.num)
		}
		seenPods[key] = i
	}
	return nil
}
