package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Ids of the share, embed and language controls.
const (
	IDEmbedBtn     = "btn-embed"
	IDEmbedSnippet = "embed-snippet"
	IDEmbedCopy    = "btn-embed-copy"
	IDLinkField    = "link-field"
	IDLang         = "lang"
	IDLastGood     = "btn-last-good"
	IDStartEmbed   = "btn-start"
	IDPanelToggle  = "btn-panel-"
)

// HeightMessageType is the postMessage type an embedded playground sends
// to its parent page with its content height: {type, height}.
const HeightMessageType = "taints-playground:height"

// LastGoodKey is the localStorage key of the last scenario that ran.
const LastGoodKey = "taints-playground:last-good"

// StartOptions are the settings a page address carries besides the
// scenario: ?embed=1 (or the /embed path), theme=light|dark|auto, step=N,
// autoplay=1, lang=en|hi.
type StartOptions struct {
	Embed bool
	Theme string
	// Step is the 1-based number of the scenario step whose frame to
	// show first (Model.SeekStep), not a frame number; 0 = the first
	// frame. A frame is named by the fragment's f= (FrameKey).
	Step     int
	Autoplay bool
	Lang     string
}

// ParseStartOptions reads the options from the address's query string
// (with or without '?'). Unknown or malformed values fall back to defaults.
func ParseStartOptions(query string) StartOptions {
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?"))
	o := StartOptions{Theme: "auto", Lang: "en"}
	o.Embed = truthy(q.Get("embed"))
	switch t := q.Get("theme"); t {
	case "light", "dark":
		o.Theme = t
	}
	if n, err := strconv.Atoi(q.Get("step")); err == nil && n > 0 && n < 1<<20 {
		o.Step = n
	}
	o.Autoplay = truthy(q.Get("autoplay"))
	if _, ok := Catalogs[q.Get("lang")]; ok {
		o.Lang = q.Get("lang")
	}
	return o
}

func truthy(v string) bool {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// startup holds the options read from the address before go-app starts.
var startup = StartOptions{Theme: "auto", Lang: "en"}

// ConfigureFromLocation reads the page address (in the browser) before the
// first render: language, embed mode, theme, step and autoplay.
func ConfigureFromLocation() {
	defer func() { _ = recover() }()
	startup = ParseStartOptions(locationSearch())
	SetLanguage(startup.Lang)
	_ = setRootAttr("lang", startup.Lang)
	if startup.Theme != "auto" {
		_ = setRootAttr("data-theme", startup.Theme)
	}
	if startup.Embed {
		_ = setRootAttr("data-embed", "1")
	}
}

// extras is the playground state of the share, embed, import/export,
// library and language features.
type extras struct {
	init    bool
	opts    StartOptions
	started bool // embed: the reader clicked start (or autoplay)
	// startStep: the embed's step= and autoplay= wait for the load.
	startStep bool
	linkErr   string
	lastGood  string
	panel     string // the open tool panel: "embed", "import", "library", "palette"

	dropActive bool
	cfg        Config
	// frameLink: copied links open at the frame on the board (f=).
	frameLink bool
}

// frameParam is the f= parameter of copied links: the frame on the board
// when the reader asked for it (ShareTools' "this frame").
func (p *Playground) frameParam() string {
	if !p.x.frameLink {
		return ""
	}
	return p.m.FrameParam()
}

func (p *Playground) initExtras() {
	if p.x.init {
		return
	}
	p.x.init = true
	p.x.opts = startup
	p.x.started = !startup.Embed || startup.Autoplay
	p.x.startStep = startup.Embed && startup.Autoplay
	if s, ok := storageGet(LastGoodKey); ok {
		p.x.lastGood = s
	}
}

// rememberGood keeps the scenario that just ran as the last good state, in
// memory and (where storage works) in localStorage.
func (p *Playground) rememberGood(text string) {
	if text == "" || p.x.opts.Embed {
		return
	}
	if text == p.x.lastGood {
		return
	}
	p.x.lastGood = text
	// A task of its own: storing a large scenario takes a while.
	go func() {
		time.Sleep(time.Millisecond)
		_ = storageSet(LastGoodKey, text)
	}()
}

// shareURL is the page address with the scenario fragment: the address to
// copy or embed.
func (p *Playground) shareURL(embed bool) string {
	frag, err := p.m.shareFragment()
	if err != nil || frag == "" {
		return ""
	}
	frag += p.frameParam()
	base := "/"
	if p.hasCtx {
		if u := p.pageURL(p.ctx); u != nil {
			c := *u
			c.RawQuery, c.Fragment, c.RawFragment, c.Path = "", "", "", "/"
			base = c.String()
		}
	}
	q := url.Values{}
	if embed {
		q.Set("embed", "1")
	}
	if Lang != "en" {
		q.Set("lang", Lang)
	}
	if len(q) > 0 {
		base += "?" + q.Encode()
	}
	return base + "#" + frag
}

// EmbedSnippet is the HTML a documentation page pastes to embed the
// scenario: the iframe and a listener that follows its height.
func EmbedSnippet(src, title string) string {
	esc := func(s string) string {
		r := strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;")
		return r.Replace(s)
	}
	return `<iframe src="` + esc(src) + `" title="` + esc(title) + `"` +
		` width="100%" height="480" style="border:0" loading="lazy" allow="clipboard-write"></iframe>` + "\n" +
		`<script>addEventListener("message",function(e){var d=e.data;if(d&&d.type==="` + HeightMessageType + `")` +
		`for(var f of document.querySelectorAll("iframe"))if(f.contentWindow===e.source)f.style.height=d.height+"px"});</script>`
}

// OpenLastGood loads the last scenario that ran (offered beside a broken
// link's message).
func (p *Playground) OpenLastGood(ctx app.Context) {
	text := p.x.lastGood
	if text == "" {
		return
	}
	p.replaceText(text)
}

func (p *Playground) togglePanel(name string) {
	if p.x.panel == name {
		p.x.panel = ""
		return
	}
	p.x.panel = name
	if name == "library" {
		p.lib.prepare(p.m.Presets(), p.x.cfg.Library)
	}
}

// renderShareStatus shows the address to copy by hand when the clipboard
// was refused, and why a link could not be made.
func (p *Playground) renderShareStatus() app.UI {
	if p.clip.state == "fallback" {
		return app.Div().Class("share-fallback notice").Role("status").Body(
			app.Label().For(IDLinkField).Text(Msg.CopyFallback),
			app.Input().Type("text").ID(IDLinkField).Class("link-field").ReadOnly(true).Value(p.shareURL(false)),
			app.Button().Type("button").Class("btn btn-ghost").
				OnClick(func(ctx app.Context, e app.Event) { p.clip.state = "" }).Text(Msg.Dismiss),
		)
	}
	if p.x.linkErr != "" {
		return app.Div().Class("notice is-error").Role("alert").Text(fmt.Sprintf(Msg.LinkTooLong, p.x.linkErr))
	}
	return nil
}

// renderLastGood offers the last good scenario beside a broken link's
// notice.
func (p *Playground) renderLastGood() app.UI {
	if p.m.Notice == "" || p.x.lastGood == "" || p.x.lastGood == p.m.RanText {
		return nil
	}
	return app.Div().Class("notice-slot").Body(
		app.Div().Class("notice last-good").Body(
			app.Span().Class("notice-text").Text(Msg.LastGoodOffer),
			app.Button().Type("button").ID(IDLastGood).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { p.OpenLastGood(ctx) }).
				Text(Msg.LastGoodOpen),
		),
	)
}

// renderPanels shows the open tool panel and the share notices.
func (p *Playground) renderPanels() app.UI {
	var panel app.UI
	switch p.x.panel {
	case "embed":
		panel = p.embedPanel()
	case "import":
		panel = p.importPanel()
	case "library":
		panel = p.libraryPanel()
	case "palette":
		panel = p.palettePanel()
	case "impact":
		panel = p.impactPanel()
	}
	return app.Div().Class("panels").Body(
		p.renderLastGood(),
		p.renderShareStatus(),
		panel,
	)
}
