package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// podChips renders pods as buttons; a click posts ActionSelectPod.
func podChips(pods []PodView, empty string) []app.UI {
	if len(pods) == 0 {
		return []app.UI{app.P().Class("lane-empty").Text(empty)}
	}
	out := make([]app.UI, 0, len(pods))
	for _, p := range pods {
		out = append(out, podChip(p))
	}
	return out
}

func podChip(p PodView) app.UI {
	key := p.Key
	classes := "pod phase-" + strings.ToLower(p.Phase)
	if p.Selected {
		classes += " is-selected"
	}
	if p.Note != "" && p.Phase != PhaseEvicted {
		classes += " is-doomed"
	}
	body := append([]app.UI{chipHead(p), chipTolerations(p)}, chipBadges(p)...)
	title := fmt.Sprintf(Msg.ClickForWhy, p.Name)
	if p.Terminating && !p.Mirror {
		classes += " is-terminating"
		note := Msg.Terminating
		if p.GraceLeft > 0 {
			note = fmt.Sprintf(Msg.TerminatingGrace, p.GraceLeft)
		}
		body = append(body, app.Span().Class("pod-note is-terminating").Text(note))
		title += "\n" + note
		if p.GraceLeft == 0 {
			title += "\n" + Msg.TerminatingTitle
		}
	}
	if p.Requests != "" {
		title += "\n" + fmt.Sprintf(Msg.PodRequests, p.Requests)
	}
	if p.Priority != 0 {
		title += "\n" + fmt.Sprintf(Msg.PodPriority, p.Priority)
	}
	if p.Countdown {
		classes += " has-countdown"
		body[0] = app.Span().Class("pod-top").Body(body[0], countdownRing(p.RingLeft, p.SecondsOut))
	}
	return app.Button().
		Type("button").
		Class(classes).
		DataSet("pod", key).
		Aria("pressed", p.Selected).
		Title(title).
		// go-app keeps an element's handler when the new closure has the
		// same code pointer, so chips reused for another pod (positional
		// diffing) would report the old pod: the scope forces a re-mount.
		OnClick(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(ActionSelectPod, key)
		}, app.EventScope(key)).
		Body(body...)
}

// chipHead is the chip's first line: icon, name (with its namespace
// outside default), priority when set, and status (kubectl's Terminating
// for a pod with a deletionTimestamp: an API word, like the phases, not
// translated).
func chipHead(p PodView) app.UI {
	name := p.Name
	if p.Namespace != "" && p.Namespace != "default" {
		name = p.Namespace + "/" + p.Name
	}
	phase := p.Phase
	if p.Terminating {
		phase = "Terminating"
	}
	var prio app.UI
	if p.Priority != 0 {
		prio = app.Span().Class("pod-prio").Title(fmt.Sprintf(Msg.PodPriority, p.Priority)).Text(fmt.Sprintf("p%d", p.Priority))
	}
	return app.Span().Class("pod-head").Body(
		app.Span().Class("icon icon-pod").Aria("hidden", "true"),
		app.Span().Class("pod-name").Title(name).Text(name),
		prio,
		app.Span().Class("pod-phase").Text(phase),
	)
}

// chipTolerations lists the pod's tolerations, each marked with who added
// it when that was not the user; its default tolerations come first, as
// one badge (defaultsBadge).
func chipTolerations(p PodView) app.UI {
	if len(p.Tolerations) == 0 && len(p.Defaults) == 0 {
		return app.Span().Class("pod-tols is-empty").Text(Msg.NoTolerations)
	}
	items := make([]app.UI, 0, len(p.Tolerations)+1)
	if len(p.Defaults) > 0 {
		items = append(items, defaultsBadge(p.Defaults, p.DefaultsBy))
	}
	for i, t := range p.Tolerations {
		src := ""
		if i < len(p.TolSources) {
			src = p.TolSources[i]
		}
		if src == "" || src == SourceUser {
			title := t
			if src == SourceUser {
				title += " · " + Msg.TolByUser
			}
			items = append(items, app.Li().Class("tol").Title(title).Text(t))
			continue
		}
		items = append(items, app.Li().Class("tol is-auto").Title(t+" · "+fmt.Sprintf(Msg.TolAddedBy, src)).Body(
			app.Span().Class("tol-text").Text(t),
			app.Span().Class("tol-src src-"+sourceClass(src)).Text(sourceShort(src)),
		))
	}
	return app.Ul().Class("pod-tols").Aria("label", Msg.Tolerations).Body(items...)
}

// defaultsBadge stands for a pod's default tolerations: one line naming
// who adds them, the list in its tooltip and for screen readers.
func defaultsBadge(defaults, by []string) app.UI {
	who := make([]string, 0, len(by))
	srcs := make([]app.UI, 0, len(by)+2)
	srcs = append(srcs, app.Span().Class("tol-text").Text(Msg.TolDefaults))
	for _, src := range by {
		who = append(who, sourceShort(src))
		srcs = append(srcs, app.Span().Class("tol-src src-"+sourceClass(src)).Text(sourceShort(src)))
	}
	list := strings.Join(defaults, "\n")
	title := fmt.Sprintf(Msg.TolDefaultsTitle, strings.Join(who, ", "), list)
	srcs = append(srcs, app.Span().Class("sr-only").Text(": "+strings.Join(defaults, "; ")))
	return app.Li().Class("tol is-auto tol-defaults").Title(title).Body(srcs...)
}

// chipBadges are the chip's lines after its tolerations: owner, static
// pod, scheduling gates, the note, not-modelled fields, nomination.
func chipBadges(p PodView) []app.UI {
	var out []app.UI
	if p.Owner != "" {
		out = append(out, app.Span().Class("pod-owner").Title(fmt.Sprintf(Msg.OwnerTitle, p.Owner)).Body(
			app.Span().Class("owner-kind").Text(ownerKind(p.Owner)),
			app.Span().Class("owner-name").Text(ownerName(p.Owner)),
		))
	}
	if p.StaticNode != "" {
		out = append(out, app.Span().Class("pod-static").Title(fmt.Sprintf(Msg.StaticTitle, p.StaticNode)).Text(Msg.Static))
	}
	if p.Gates != "" {
		out = append(out, app.Span().Class("pod-gated").Title(fmt.Sprintf(Msg.GatedTitle, p.Gates)).Text(Msg.Gated))
	}
	if p.Note != "" {
		out = append(out, app.Span().Class("pod-note").Text(p.Note))
	}
	if p.NotModelled != "" {
		out = append(out, notModelledBadge(p.NotModelled))
	}
	if p.Nominated != "" {
		out = append(out, app.Span().Class("pod-note is-nominated").Text(fmt.Sprintf(Msg.NominatedChip, p.Nominated)))
	}
	return out
}

// LanePage is how many pod chips a lane shows at first, and how many more
// each "Show more" adds: thousands of Pending pods keep a small lane.
const LanePage = 60

// ActionLaneMore is posted with a lane's kind when its "Show more" button
// is clicked.
const ActionLaneMore = "tp-lane-more"

// Lane is a row of pods that are not on a node: Pending or Evicted. Pods
// is the window of the lane the board shows (Model.LaneLimit, with the
// selected pod), Total the lane's size: past the window it says "showing N
// of M" and offers more.
type Lane struct {
	app.Compo

	Kind  string
	Title string
	Empty string
	Pods  []PodView
	Total int
	// All is the lane's size before the board's filter; Filtered says a
	// filter is set (Total is then the matching pods).
	All      int
	Filtered bool
}

// Render implements app.Composer.
func (l *Lane) Render() app.UI {
	total := max(l.Total, len(l.Pods))
	hidden := total - len(l.Pods)
	kind := l.Kind
	all := max(l.All, total)
	empty := l.Empty
	if l.Filtered && total == 0 {
		empty = fmt.Sprintf(Msg.PodsMatchNone, FormatCount(all))
	}
	if !l.Filtered {
		all = total
	}
	return app.Section().
		Class("lane lane-"+l.Kind).
		Aria("label", l.Title).
		Body(
			app.H3().Class("lane-title").Body(
				app.Text(l.Title),
				app.Span().Class("count").Text(fmt.Sprint(all)),
				app.If(hidden > 0 || (l.Filtered && total > 0), func() app.UI {
					return app.Span().Class("small muted shown-count").Text(PodsCountText(len(l.Pods), total, all, l.Filtered))
				}),
			),
			app.Div().Class("lane-pods").Body(podChips(l.Pods, empty)...),
			app.If(hidden > 0, func() app.UI {
				return app.Button().Type("button").Class("btn btn-small lane-more").ID("btn-more-"+kind).
					OnClick(func(ctx app.Context, e app.Event) {
						ctx.NewActionWithValue(ActionLaneMore, kind)
					}, app.EventScope(kind)).
					Text(fmt.Sprintf(Msg.ShowMore, min(hidden, LanePage)))
			}),
		)
}

// Toleration sources as PodState.TolerationSources names them.
const SourceUser = "user"

// sourceShort is the badge text for who added a toleration.
func sourceShort(src string) string {
	switch src {
	case "DefaultTolerationSeconds":
		return Msg.SrcDefaultTolSeconds
	case "DaemonSet controller":
		return Msg.SrcDaemonSet
	case "PodTolerationRestriction":
		return Msg.SrcPodTolRestriction
	case "ExtendedResourceToleration":
		return Msg.SrcExtendedResource
	}
	if name, ok := strings.CutPrefix(src, "RuntimeClass "); ok {
		return fmt.Sprintf(Msg.SrcRuntimeClass, name)
	}
	return src
}

// sourceClass is the badge's CSS class suffix: the source in lower case,
// without the RuntimeClass's name ("RuntimeClass gvisor" → runtimeclass).
func sourceClass(src string) string {
	if i := strings.IndexByte(src, ' '); i >= 0 && strings.HasPrefix(src, "RuntimeClass ") {
		src = src[:i]
	}
	return lowerASCII(src)
}

func ownerKind(owner string) string {
	if i := strings.IndexByte(owner, '/'); i >= 0 {
		return owner[:i]
	}
	return ""
}

func ownerName(owner string) string {
	if i := strings.IndexByte(owner, '/'); i >= 0 {
		return owner[i+1:]
	}
	return owner
}

// ringCircumference is 2πr for the countdown ring's r = 9 (viewBox 24).
const ringCircumference = 56.549

// countdownRing is an SVG ring whose arc is the fraction of the pod's
// toleration time left, with the seconds left beside it. The arc moves with
// a CSS transition, not by re-rendering every animation frame.
func countdownRing(left float64, secs int) app.UI {
	const svgNS = "http://www.w3.org/2000/svg"
	offset := ringCircumference * (1 - left)
	label := fmt.Sprintf(Msg.EvictIn, FormatSeconds(float64(secs)))
	urgent := ""
	if left <= 0.25 {
		urgent = " is-urgent"
	}
	return app.Span().Class("countdown"+urgent).Title(label).Aria("label", label).Role("timer").Body(
		app.Elem("svg").XMLNS(svgNS).Class("ring").Attr("viewBox", "0 0 24 24").Attr("width", "22").Attr("height", "22").Aria("hidden", "true").Body(
			app.Elem("circle").XMLNS(svgNS).Class("ring-track").Attr("cx", "12").Attr("cy", "12").Attr("r", "9"),
			app.Elem("circle").XMLNS(svgNS).Class("ring-arc").Attr("cx", "12").Attr("cy", "12").Attr("r", "9").
				Attr("stroke-dasharray", fmt.Sprintf("%.3f", ringCircumference)).
				Style("stroke-dashoffset", fmt.Sprintf("%.3f", offset)).
				DataSet("left", fmt.Sprintf("%.3f", left)),
		),
		app.Span().Class("countdown-secs").Text(FormatSeconds(float64(secs))),
	)
}
