// Package web is the playground's user interface: go-app components that
// show the frames of a simulation (core/sim) and edit the scenario text.
// It holds no scheduling logic: every board comes from the simulator.
package web

import (
	"fmt"
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DebounceDelay is how long the editor waits after the last keystroke
// before it re-runs the scenario.
const DebounceDelay = 400 * time.Millisecond

// PlayInterval is the real time between clock ticks while Run plays;
// FrameHold is how long a newly reached frame stays before the clock moves
// on (so the chips can fly).
const (
	PlayInterval = 200 * time.Millisecond
	FrameHold    = 700 * time.Millisecond
)

// Element ids the browser test and the stylesheet rely on.
const (
	IDEditor   = "editor"
	IDPreset   = "preset"
	IDRun      = "btn-run"
	IDStep     = "btn-step"
	IDBack     = "btn-back"
	IDReset    = "btn-reset"
	IDCopyLink = "btn-copy"
	IDError    = "editor-error"
	IDNotice   = "notice"
	IDBoard    = "board"
)

// EditedPresetValue is the picker's value while the editor holds text that
// is not a preset.
const EditedPresetValue = "(edited)"

// Config wires the playground to its presets, simulator and console.
type Config struct {
	Presets  []Preset
	Simulate SimulateFunc
	Exec     ExecFunc
	// Lint, Export, Library and Palette feed the import/export, preset
	// library and well-known taints panels (optional).
	Lint    LintFunc
	Export  ExportFunc
	Library []LibraryEntry
	Palette []WellKnownTaint
	// Engine, when set, runs the simulator (in the browser: a Web
	// Worker); without it the page runs it in process (NewLocalEngine).
	Engine Engine
}

// Playground is the page: header with the preset picker, the YAML editor,
// the controls and timeline, the board, the why panel and the event log.
// It holds the Model (the engine's answers) and the page-level state, and
// hands each panel component (Intro, ShareTools, the tool panels,
// PlaybackControls, ClockBar, Timeline, BoardPanel, WhyPanel, EventLog,
// ConsolePanel) what it shows; Render only builds elements. Its state lives in unexported fields so that go-app never overwrites it
// (see GOAPP.md on same-path navigation); create it once with New and
// return that instance from the route factory.
type Playground struct {
	app.Compo

	m        *Model
	ctx      app.Context
	hasCtx   bool
	loaded   bool
	lastFrag string
	editGen  int
	playGen  int
	typing   bool
	version  string
	// update says a new version of the page is waiting (OnAppUpdate).
	update bool
	// mounted is set in the browser once the page is mounted; readyMarked
	// once body[data-ready] was set.
	mounted, readyMarked bool
	x                    extras
	perf                 stepPerf
	// progressViews get the run's progress (RunProgress).
	progressViews progressViews

	// The tool panels' state, kept while a panel is closed (closing
	// unmounts it). The page hands each panel its own (ImportPanel,
	// LibraryPanel, PalettePanel) and changes it only through the panel's
	// methods (the editor's drop fills the import panel).
	imp         importState
	lib         libraryState
	paletteNode string
	// impact is the taint impact panel's state (ImpactPanel).
	impact ImpactPreview
	// clip is how the last copy went: the share tools, the fallback field
	// and the embed panel show it.
	clip clipboard
	// theme is the theme switch's choice (themeChoice).
	theme string
}

// New returns the playground component.
func New(cfg Config) *Playground {
	p := &Playground{}
	var eng Engine = NewLocalEngine(cfg)
	if cfg.Engine != nil {
		eng = &pageEngine{Engine: cfg.Engine, p: p}
	}
	p.m = NewModel(cfg.Presets, eng)
	p.m.OnBusy = p.busy
	p.m.OnView = p.animate
	p.x.cfg = cfg
	return p
}

// Model exposes the state (for tests).
func (p *Playground) Model() *Model { return p.m }

// OnInit runs before the first render: it reads the start options (and
// the last good scenario) so that Render only reads them.
func (p *Playground) OnInit() {
	p.initExtras()
}

// OnPreRender runs on the server (and in native tests): it loads the
// default scenario so the static page shows a real board.
func (p *Playground) OnPreRender(ctx app.Context) {
	p.setup(ctx)
}

// OnMount runs in the browser once the component is in the DOM.
func (p *Playground) OnMount(ctx app.Context) {
	p.guard(func() { p.version = app.Getenv("GOAPP_VERSION") })
	p.perf.on = perfEnabled()
	p.setup(ctx)
	p.mountEmbed(ctx)
	p.mounted = true
	if p.embedWaiting() || (p.m.Run != nil && !p.m.Loading()) || (!p.m.Busy && p.m.Run == nil) {
		p.ready(ctx)
	}
}

// OnAppUpdate implements app.AppUpdater: a new build is installed and
// waits (static/update.js calls go-app's goappOnUpdate); the page offers
// to reload (UpdateBanner).
func (p *Playground) OnAppUpdate(ctx app.Context) { p.update = true }

// OnNav runs on load and whenever the fragment changes (back/forward, a
// pasted link): it loads the scenario the link carries.
func (p *Playground) OnNav(ctx app.Context) {
	p.guard(func() { p.loadURL(ctx) })
}

func (p *Playground) setup(ctx app.Context) {
	p.ctx, p.hasCtx = ctx, true
	ctx.Handle(ActionSelectPod, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if key, ok := a.Value.(string); ok {
				p.m.Select(key)
				if p.m.Selected != "" {
					ctx.Defer(func(app.Context) { revealWhy() })
				}
			}
		})
	})
	p.handleOverview(ctx)
	p.handleFix(ctx)

	p.handleImpact(ctx)

	p.handleLessons(ctx)
	ctx.Handle(ActionClosePod, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if p.m.Selected != "" {
				p.m.Select(p.m.Selected)
			}
		})
	})
	ctx.Handle(ActionLaneMore, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if kind, ok := a.Value.(string); ok {
				p.m.MoreLane(kind)
			}
		})
	})
	ctx.Handle(ActionEventFilter, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if f, ok := a.Value.(string); ok {
				p.m.SetEventFilter(f)
			}
		})
	})
	ctx.Handle(ActionEventsMore, func(ctx app.Context, a app.Action) {
		p.guard(p.m.MoreEvents)
	})
	ctx.Handle(ActionScrub, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if t, ok := a.Value.(float64); ok {
				p.playGen++
				p.m.SeekTime(t)
			}
		})
	})
	ctx.Handle(ActionSpeed, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if v, ok := a.Value.(float64); ok {
				p.m.SetSpeed(v)
			}
		})
	})
	ctx.Handle(ActionSeek, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if i, ok := a.Value.(int); ok {
				p.playGen++
				p.m.Seek(i)
			}
		})
	})
	p.guard(func() { p.loadURL(ctx) })
}

// guard runs f and turns a panic into an error beside the editor: a panic
// in wasm would kill the page.
func (p *Playground) guard(f func()) {
	defer func() {
		if r := recover(); r != nil {
			p.m.Playing = false
			p.m.Err = fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))
		}
	}()
	f()
}

func (p *Playground) pageURL(ctx app.Context) (u *url.URL) {
	defer func() {
		if recover() != nil {
			u = nil
		}
	}()
	return ctx.Page().URL()
}

// loadURL loads the scenario of the page's fragment once per distinct
// fragment (OnMount and OnNav both call it).
func (p *Playground) loadURL(ctx app.Context) {
	if p.embedWaiting() {
		return // an embed does no work before its start click
	}
	frag := ""
	if u := p.pageURL(ctx); u != nil {
		frag = u.Fragment
	}
	if p.loaded && frag == p.lastFrag {
		return
	}
	p.loaded = true
	p.lastFrag = frag
	p.playGen++
	if IsLocalFragment(frag) {
		p.initExtras()
		kept := ""
		if !p.x.opts.Embed {
			kept = p.x.lastGood
		}
		p.m.LoadLocal(kept, func(ok bool) {
			if ok {
				p.writeURL(p.ctx) // says again why there is no link
			}
			p.applyStartStep(p.ctx)
		})
		return
	}
	p.m.LoadFragment(frag, func(ok bool) {
		if !ok && frag == "" {
			p.writeURL(p.ctx)
		}
		p.applyStartStep(p.ctx)
	})
}

// writeURL puts the scenario on the board into the fragment with
// ReplaceURL: no navigation, no history entry, no remount.
func (p *Playground) writeURL(ctx app.Context) {
	// A scenario too large for a link is kept in this browser and the
	// address says so (#local): it must not keep the previous scenario's
	// link, or a reload would bring that one back.
	frag, err := p.m.AddressFragment()
	p.x.linkErr = ""
	if err != nil {
		p.x.linkErr = err.Error()
	}
	if frag == "" {
		return
	}
	p.rememberGood(p.m.RanText)
	defer func() { _ = recover() }() // history.replaceState can throw (sandboxes, rate limits)
	u := p.pageURL(ctx)
	if u == nil || app.IsServer {
		p.lastFrag = frag
		return
	}
	c := *u
	c.Fragment, c.RawFragment = frag, ""
	p.lastFrag = frag
	ctx.Page().ReplaceURL(&c)
}

// animate applies a new board and lets board.js move the pod chips from
// where they were to where they are now. The first board makes the page
// ready.
func (p *Playground) animate(apply func()) {
	flipFirst()
	apply()
	if p.hasCtx {
		p.ctx.Defer(func(app.Context) { flipPlay() })
		p.ready(p.ctx)
	}
}

// busy marks the page busy (body[data-busy]) while it waits for the
// engine; a run that leaves no board at all (nothing ever ran) makes the
// page ready too. The mark is cleared only once the answer is on the page:
// go-app renders a dispatch's changes at its next frame, up to a frame
// later, and what waits for the mark (the browser tests, a benchmark)
// reads the page right after.
func (p *Playground) busy(b bool) {
	if b || !p.hasCtx {
		markBusy(b)
	} else {
		p.ctx.Defer(func(app.Context) {
			if !p.m.waiting {
				markBusy(false)
			}
		})
	}
	if !b && p.m.Run == nil && p.hasCtx {
		p.ready(p.ctx)
	}
}

// ready sets body[data-ready] once, after the render that shows the first
// board (or, in an embed waiting for its start click, at mount): the
// browser tests and benchmarks wait for it.
func (p *Playground) ready(ctx app.Context) {
	if !p.mounted || p.readyMarked {
		return
	}
	p.readyMarked = true
	ctx.Defer(func(app.Context) { markReady() })
}

// Edit records new editor text and re-runs it once typing pauses for
// DebounceDelay.
func (p *Playground) Edit(ctx app.Context, text string) {
	p.m.Text = text
	p.editLater(ctx, func() (string, bool) { return text, true })
}

// editLater re-runs the editor's text once typing pauses for
// DebounceDelay; read gets the text then (the Editor calls it on every
// keystroke, and reads the textarea once).
func (p *Playground) editLater(ctx app.Context, read func() (string, bool)) {
	p.typing = true
	p.editGen++
	gen := p.editGen
	ctx.After(DebounceDelay, func(ctx app.Context) {
		if gen != p.editGen {
			return
		}
		// The editor's handler changed the editor alone; the run changes
		// the page.
		p.ctx.Dispatch(func(app.Context) {
			if gen != p.editGen {
				return
			}
			p.typing = false
			text, ok := read()
			if !ok {
				return
			}
			p.guard(func() {
				p.m.SetText(text, func(ok bool) {
					if ok {
						p.m.Notice = ""
						p.writeURL(p.ctx)
					}
				})
			})
		})
	})
}

func (p *Playground) onPreset(ctx app.Context, e app.Event) {
	var name string
	p.guard(func() { name = ctx.JSSrc().Get("value").String() })
	p.SelectPreset(ctx, name)
}

// SelectPreset loads a preset into the editor and the board.
func (p *Playground) SelectPreset(ctx app.Context, name string) {
	if name == "" || name == EditedPresetValue {
		return
	}
	p.editGen++
	p.playGen++
	p.typing = false
	p.guard(func() {
		p.m.LoadPreset(name, func(ok bool) {
			if ok {
				p.writeURL(p.ctx)
			}
		})
	})
}

// Run starts or pauses playing the frames about once per PlayInterval.
func (p *Playground) Run(ctx app.Context) {
	p.guard(func() {
		p.playGen++
		if !p.m.TogglePlay() {
			return
		}
		p.tick(p.playGen, PlayInterval)
	})
}

// tick advances the virtual clock by Speed × the real time since the last
// tick; a frame whose time comes is shown (and held for FrameHold).
func (p *Playground) tick(gen int, wait time.Duration) {
	if !p.hasCtx {
		return
	}
	last := time.Now()
	p.ctx.After(wait, func(ctx app.Context) {
		if gen != p.playGen || !p.m.Playing {
			return
		}
		p.guard(func() {
			dt := time.Since(last).Seconds()
			if dt > 1 {
				dt = 1 // a background tab: do not jump
			}
			changed := p.m.Advance(dt)
			if p.m.Playing {
				next := PlayInterval
				if changed {
					next = FrameHold
				}
				p.tick(gen, next)
			}
		})
	})
}

// Step shows the next frame.
func (p *Playground) Step(ctx app.Context) {
	p.perf.start()
	p.playGen++
	p.m.Playing = false
	p.guard(func() { p.m.Step() })
	p.perf.handled(ctx)
}

// Back shows the previous frame.
func (p *Playground) Back(ctx app.Context) {
	p.playGen++
	p.m.Playing = false
	p.guard(func() { p.m.PrevEvent() })
}

// Reset shows the first frame.
func (p *Playground) Reset(ctx app.Context) {
	p.playGen++
	p.guard(func() { p.m.Reset() })
}

// Render implements app.Composer.
func (p *Playground) Render() (ui app.UI) {
	defer func() {
		if r := recover(); r != nil {
			ui = app.Div().Class("pg").Body(
				app.Div().Class("notice is-error").Role("alert").Text(fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))),
			)
		}
	}()
	p.perf.rendering()
	if p.Embedded() {
		return p.renderEmbed()
	}
	return app.Div().Class("pg").Body(
		&UpdateBanner{Shown: p.update},
		p.renderHeader(),
		p.intro(),
		p.renderNotice(),
		p.renderPanels(),
		app.Main().Class("layout").Body(
			p.editorFor(),
			p.renderSimulation(),
		),
		app.Footer().Class("footer").Body(
			app.P().Text(Msg.Footer),
			app.If(p.version != "", func() app.UI {
				return app.P().Class("version").Text(fmt.Sprintf(Msg.Version, p.version))
			}),
		),
	)
}
