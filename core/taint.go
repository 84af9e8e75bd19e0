package core

// MatchTaint reports whether t and other are the same taint on a node:
// equal key and effect; the value is ignored (k8s.io/api/core/v1
// (*Taint).MatchTaint).
func (t *Taint) MatchTaint(other *Taint) bool {
	if t == nil || other == nil {
		return t == other
	}
	return t.Key == other.Key && t.Effect == other.Effect
}

// ToString renders a taint as kubectl and the API print it
// ((*Taint).ToString): "key=value:effect", "key:effect" when the value is
// empty, "key=value:" when the effect is empty, "key" when both are.
// Nothing is escaped.
func (t *Taint) ToString() string {
	if t == nil {
		return ""
	}
	switch {
	case t.Effect == "" && t.Value == "":
		return t.Key
	case t.Effect == "":
		return t.Key + "=" + t.Value + ":"
	case t.Value == "":
		return t.Key + ":" + string(t.Effect)
	}
	return t.Key + "=" + t.Value + ":" + string(t.Effect)
}

// String is ToString, so taints print naturally with %s.
func (t Taint) String() string { return t.ToString() }
