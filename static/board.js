// Board animation helpers for the Taints & Tolerations Playground.
//
// go-app diffs the DOM by position, so a pod chip's element may show a
// different pod after a frame change. Animation is therefore keyed by the
// chip's data-pod attribute (FLIP): tpFlipFirst() records where every chip
// is, the Go side updates the DOM, and tpFlipPlay() slides each chip from
// its old place to its new one with a compositor transform. New chips fade
// in; chips that left the board need nothing. Honours
// prefers-reduced-motion. No scheduling logic lives here.
(function () {
  "use strict";

  var first = null;

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  // On a large board (.nodes.is-large) the cards use content-visibility:
  // auto, so the browser lays out only the ones near the viewport. Reading
  // a chip's place in an off-screen card would force its layout, so the
  // animation skips those chips; an IntersectionObserver keeps the set of
  // cards on screen (the browser renders those).
  var nearCards = new WeakSet();
  var io = typeof IntersectionObserver === "function" ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) {
        nearCards.add(e.target);
      } else {
        nearCards.delete(e.target);
      }
    });
  }) : null;

  function chips() {
    var out = [];
    var cards = document.querySelectorAll(".nodes.is-large > .node-card");
    cards.forEach(function (c) {
      if (io) {
        io.observe(c); // a no-op for cards already observed
      }
    });
    document.querySelectorAll("[data-pod]").forEach(function (el) {
      if (cards.length) {
        var card = el.closest(".nodes.is-large > .node-card");
        if (card && (!io || !nearCards.has(card))) {
          return;
        }
      }
      out.push(el);
    });
    return out;
  }

  // The play half runs in the next animation frame: reading the chips'
  // new places forces a layout, which there is the one the browser does
  // for that frame's paint anyway, instead of an extra one inside the Go
  // render task. A new first half cancels a play not yet run.
  var pending = 0;

  window.tpFlipFirst = function () {
    if (pending) {
      cancelAnimationFrame(pending);
      pending = 0;
    }
    if (reducedMotion()) {
      first = null;
      return;
    }
    var m = new Map();
    chips().forEach(function (el) {
      m.set(el.getAttribute("data-pod"), {
        rect: el.getBoundingClientRect(),
        evicted: el.classList.contains("phase-evicted")
      });
    });
    first = m;
  };

  // Keep the current timeline entry visible inside the timeline's own
  // horizontal scroller, without scrolling the page.
  function revealCurrentFrame() {
    var item = document.querySelector(".tl-item.is-current");
    var box = item && item.closest(".timeline");
    if (!box) {
      return;
    }
    var left = item.offsetLeft - box.offsetLeft;
    var right = left + item.offsetWidth;
    if (left < box.scrollLeft) {
      box.scrollLeft = Math.max(0, left - 8);
    } else if (right > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = right - box.clientWidth + 8;
    }
  }

  window.tpFlipPlay = function () {
    var before = first;
    first = null;
    if (pending) {
      cancelAnimationFrame(pending);
    }
    pending = requestAnimationFrame(function () {
      pending = 0;
      play(before);
    });
  };

  // play reads every chip's new place first and only then starts the
  // animations: interleaving reads with el.animate() would force a style
  // and layout pass per chip.
  function play(before) {
    if (window.tpPerf) {
      // cmd/benchpage: the style and layout of the frame the Go side just
      // rendered (the first read below would force it anyway).
      var t0 = performance.now();
      void document.documentElement.offsetHeight;
      window.tpLayoutMs = performance.now() - t0;
    }
    if (!before || reducedMotion()) {
      revealCurrentFrame();
      return;
    }
    var moves = [];
    chips().forEach(function (el) {
      if (typeof el.animate !== "function") {
        return;
      }
      var was = before.get(el.getAttribute("data-pod"));
      if (!was) {
        moves.push({ el: el });
        return;
      }
      var now = el.getBoundingClientRect();
      var dx = was.rect.left - now.left;
      var dy = was.rect.top - now.top;
      var evictedNow = el.classList.contains("phase-evicted") && !was.evicted;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && !evictedNow) {
        return;
      }
      moves.push({ el: el, dx: dx, dy: dy, evicted: evictedNow, opacity: evictedNow ? getComputedStyle(el).opacity : "" });
    });
    revealCurrentFrame();
    moves.forEach(function (m) {
      if (m.dx === undefined) {
        m.el.animate(
          [{ opacity: 0, transform: "scale(0.85)" }, { opacity: 1, transform: "none" }],
          { duration: 350, easing: "ease-out" }
        );
        return;
      }
      var from = { transform: "translate(" + m.dx + "px," + m.dy + "px)", zIndex: 5 };
      var to = { transform: "none", zIndex: 5 };
      if (m.evicted) {
        // An evicted pod leaves its node fading out, into the Evicted lane.
        from.opacity = 1;
        to.opacity = m.opacity;
      }
      m.el.animate([from, to], { duration: m.evicted ? 900 : 650, easing: "cubic-bezier(.2,.7,.2,1)" });
      window.tpFlights = (window.tpFlights || 0) + 1; // for the browser test
    });
  }

  // Bring the why panel into view when a pod is selected and the panel is
  // below the fold.
  window.tpRevealWhy = function () {
    var el = document.getElementById("why");
    if (!el || typeof el.scrollIntoView !== "function") {
      return;
    }
    var r = el.getBoundingClientRect();
    if (r.top >= 0 && r.top < window.innerHeight - 80) {
      return;
    }
    el.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  };

  // The overview's pick narrowed the node cards: bring them up when their
  // top is off screen.
  window.tpRevealNodes = function () {
    var el = document.querySelector(".node-filter-slot") || document.querySelector(".nodes");
    if (!el || typeof el.scrollIntoView !== "function") {
      return;
    }
    var r = el.getBoundingClientRect();
    if (r.top >= 0 && r.top < window.innerHeight - 160) {
      return;
    }
    el.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
  };

  // The overview of a large board (web/overview_render.go): one tile per
  // node on a canvas per zone. tpOverviewDraw receives the tiles' bytes
  // (marks, utilisation), the names (only when they changed: "" keeps the
  // last ones), the chosen tile and the marks' words; it draws, and answers
  // hover (the canvas's title), clicks and the keyboard (arrows, Home, End,
  // Enter) with a bubbling "tp-ov-pick" event whose detail is the tile's
  // index. Bits as web.Mark*: 1 NoSchedule, 2 PreferNoSchedule,
  // 4 NoExecute, 8 Ready=False, 16 Ready=Unknown, 32 another condition,
  // 64 cordoned, 128 requests over allocatable.
  var ov = { marks: new Uint8Array(0), util: new Uint8Array(0), names: [], chosen: -1, labels: [], focus: {}, colors: null, drawn: false };

  function ovColors() {
    var cs = getComputedStyle(document.documentElement);
    function v(name, dflt) { return (cs.getPropertyValue(name) || "").trim() || dflt; }
    return {
      bg: v("--panel-2", "#eee"), line: v("--line-2", "#999"), fill: v("--accent", "#47e"),
      ns: v("--ns", "#b50"), pns: v("--pns", "#06a"), ne: v("--ne", "#937"),
      bad: v("--bad", "#b30"), warn: v("--warn", "#960"), focus: v("--focus", "#06b"), ink: v("--ink", "#000")
    };
  }

  // ovPitch is the tile pitch (px) for the whole map: large tiles for a few
  // hundred nodes, small ones so that thousands stay about 600 px tall.
  function ovPitch(width, total) {
    var p = Math.floor(Math.sqrt(width * 600 / Math.max(total, 1)));
    return Math.max(7, Math.min(16, p));
  }

  function ovLabel(i) {
    var m = ov.marks[i], parts = [ov.names[i] || "#" + i];
    for (var b = 0; b < 8; b++) {
      if (m & (1 << b)) {
        parts.push(ov.labels[b]);
      }
    }
    if (ov.util[i] !== 255 && ov.labels[8]) {
      parts.push(ov.labels[8].replace("%d", String(ov.util[i])).replace("%%", "%"));
    }
    return parts.join(" · ");
  }

  function ovDrawCanvas(cv, colors, pitch) {
    var start = +cv.dataset.start, count = +cv.dataset.count;
    var width = cv.clientWidth || cv.parentNode.clientWidth;
    var cols = Math.max(1, Math.floor(width / pitch));
    var rows = Math.ceil(count / cols);
    var dpr = window.devicePixelRatio || 1;
    cv.style.height = rows * pitch + "px";
    cv.width = Math.round(width * dpr);
    cv.height = Math.round(rows * pitch * dpr);
    cv._ov = { start: start, count: count, cols: cols, pitch: pitch, width: width, dpr: dpr };
    var g = cv.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, rows * pitch);
    var focused = document.activeElement === cv ? ov.focus[start] : -1;
    for (var k = 0; k < count; k++) {
      ovDrawTile(g, colors, cv._ov, k, k === focused);
    }
  }

  // ovDrawTile draws tile k of a canvas laid out as d (cv._ov) on the
  // clear cell of its place.
  function ovDrawTile(g, colors, d, k, focused) {
    var pitch = d.pitch, gap = pitch >= 12 ? 2 : 1, w = pitch - gap - 1;
    var i = d.start + k, m = ov.marks[i], u = ov.util[i];
    var x = (k % d.cols) * pitch + 1, y = Math.floor(k / d.cols) * pitch + 1;
    g.fillStyle = (m & 24) ? colors.bad : colors.bg;
    g.fillRect(x, y, w, w);
    if (u !== 255 && u > 0 && !(m & 24)) {
      var h = Math.max(1, Math.round(w * u / 100));
      g.globalAlpha = 0.55;
      g.fillStyle = colors.fill;
      g.fillRect(x, y + w - h, w, h);
      g.globalAlpha = 1;
    }
    if (m & 16) { // unreachable: hatched
      g.strokeStyle = colors.bg;
      g.lineWidth = 1;
      g.beginPath();
      g.moveTo(x, y + w / 2); g.lineTo(x + w / 2, y);
      g.moveTo(x, y + w); g.lineTo(x + w, y);
      g.moveTo(x + w / 2, y + w); g.lineTo(x + w, y + w / 2);
      g.stroke();
    }
    if (m & 32) { // a condition: a bar at the foot
      g.fillStyle = colors.warn;
      g.fillRect(x, y + w - 2, w, 2);
    }
    if (m & 128) { // over-committed: a bar at the head
      g.fillStyle = colors.bad;
      g.fillRect(x, y, w, 2);
    }
    // The border: the strongest taint effect, thicker for the ones that
    // keep pods off.
    var lw = 1, col = colors.line;
    if (m & 4) { lw = 2; col = colors.ne; } else if (m & 1) { lw = 2; col = colors.ns; } else if (m & 2) { col = colors.pns; }
    g.lineWidth = lw;
    g.strokeStyle = col;
    g.strokeRect(x + lw / 2, y + lw / 2, w - lw, w - lw);
    if (m & 64) { // cordoned: a diagonal stroke
      g.strokeStyle = colors.warn;
      g.lineWidth = 1.5;
      g.beginPath();
      g.moveTo(x + 1, y + w - 1); g.lineTo(x + w - 1, y + 1);
      g.stroke();
    }
    if (i === ov.chosen || focused) {
      g.strokeStyle = i === ov.chosen ? colors.ink : colors.focus;
      g.lineWidth = 2;
      g.strokeRect(x - 1, y - 1, w + 2, w + 2);
    }
  }

  // ovNear reports whether tiles k and j (-1: none) of a canvas laid out
  // as d touch: a chosen or focused tile's ring reaches into its
  // neighbours' cells.
  function ovNear(d, k, j) {
    return j >= 0 && Math.abs(k % d.cols - j % d.cols) <= 1 && Math.abs(Math.floor(k / d.cols) - Math.floor(j / d.cols)) <= 1;
  }

  // ovPatch redraws only the tiles changed (sorted indices) on canvas cv,
  // as drawn last (cv._ov): it reports false when cv must be drawn whole
  // (its layout is not the one drawn, a changed tile touches the chosen or
  // focused one).
  function ovPatch(cv, changed) {
    var d = cv._ov;
    if (!d || !cv.width || d.start !== +cv.dataset.start || d.count !== +cv.dataset.count ||
      d.dpr !== (window.devicePixelRatio || 1) || d.pitch !== ovPitch(ov.width, ov.marks.length)) {
      return false;
    }
    var focused = document.activeElement === cv ? ov.focus[d.start] : -1;
    var chosen = ov.chosen - d.start, mine = [];
    for (var n = 0; n < changed.length; n++) {
      var k = changed[n] - d.start;
      if (k < 0 || k >= d.count) {
        continue;
      }
      if (ovNear(d, k, chosen) || ovNear(d, k, focused)) {
        return false;
      }
      mine.push(k);
    }
    if (!mine.length) {
      return true;
    }
    var g = cv.getContext("2d");
    g.setTransform(d.dpr, 0, 0, d.dpr, 0, 0);
    mine.forEach(function (k) {
      g.clearRect((k % d.cols) * d.pitch, Math.floor(k / d.cols) * d.pitch, d.pitch, d.pitch);
      ovDrawTile(g, ov.colors, d, k, false);
    });
    return true;
  }

  function ovRoot() { return document.getElementById("overview"); }

  function ovDrawAll() {
    var root = ovRoot();
    if (!root) {
      return;
    }
    var cvs = root.querySelectorAll("canvas.ov-canvas");
    if (!cvs.length) {
      return;
    }
    var colors = ovColors();
    ov.colors = colors;
    ov.width = cvs[0].clientWidth || root.clientWidth;
    var pitch = ovPitch(ov.width, ov.marks.length);
    cvs.forEach(function (cv) {
      ovWire(cv);
      ovDrawCanvas(cv, colors, pitch);
    });
    ov.drawn = true;
  }

  // ovRedraw draws what changed since the last drawing: nothing when no
  // tile did, only the changed tiles where the canvases are laid out as
  // drawn last (a ResizeObserver redraws everything when a canvas's width
  // changes), else everything.
  function ovRedraw(changed) {
    var root = ovRoot();
    var cvs = root ? root.querySelectorAll("canvas.ov-canvas") : [];
    if (!ov.drawn || !ov.colors || typeof ResizeObserver !== "function" || !cvs.length) {
      ovDrawAll();
      return;
    }
    cvs.forEach(function (cv) {
      ovWire(cv);
      if (!ovPatch(cv, changed)) {
        ovDrawCanvas(cv, ov.colors, ovPitch(ov.width, ov.marks.length));
      }
    });
  }

  // ovResized redraws everything, once per frame, when a canvas's width is
  // not the one it was drawn at.
  var ovResize = 0;
  function ovResizeSoon() {
    cancelAnimationFrame(ovResize);
    ovResize = requestAnimationFrame(ovDrawAll);
  }
  var ovSizes = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    for (var n = 0; n < entries.length; n++) {
      var cv = entries[n].target, d = cv._ov;
      if (d && Math.abs(entries[n].contentRect.width - d.width) >= 1) {
        ovResizeSoon();
        return;
      }
    }
  }) : null;

  function ovAt(cv, ev) {
    var d = cv._ov, r = cv.getBoundingClientRect();
    if (!d) {
      return -1;
    }
    var col = Math.floor((ev.clientX - r.left) / d.pitch), row = Math.floor((ev.clientY - r.top) / d.pitch);
    var k = row * d.cols + col;
    if (col < 0 || col >= d.cols || row < 0 || k >= d.count) {
      return -1;
    }
    return d.start + k;
  }

  function ovPick(cv, i) {
    if (i >= 0) {
      cv.dispatchEvent(new CustomEvent("tp-ov-pick", { bubbles: true, detail: i }));
    }
  }

  function ovAnnounce(i) {
    var live = document.querySelector("#overview .ov-live");
    if (live) {
      live.textContent = i >= 0 ? ovLabel(i) : "";
    }
  }

  // ovWire adds the canvas's listeners once (go-app may reuse a canvas for
  // another zone: the listeners read its data-start at event time).
  function ovWire(cv) {
    if (cv._ovWired) {
      return;
    }
    cv._ovWired = true;
    if (ovSizes) {
      ovSizes.observe(cv);
    }
    cv.addEventListener("mousemove", function (ev) {
      var i = ovAt(cv, ev);
      var t = i >= 0 ? ovLabel(i) : "";
      if (cv.title !== t) {
        cv.title = t;
      }
      cv.style.cursor = i >= 0 ? "pointer" : "default";
    });
    cv.addEventListener("click", function (ev) { ovPick(cv, ovAt(cv, ev)); });
    function refocus() {
      ovDrawCanvas(cv, ov.colors || ovColors(), cv._ov ? cv._ov.pitch : 12);
    }
    cv.addEventListener("focus", function () {
      var start = +cv.dataset.start;
      if (!(ov.focus[start] >= 0)) {
        ov.focus[start] = 0;
      }
      refocus();
      ovAnnounce(start + ov.focus[start]);
    });
    cv.addEventListener("blur", refocus);
    cv.addEventListener("keydown", function (ev) {
      var d = cv._ov;
      if (!d || ev.altKey || ev.ctrlKey || ev.metaKey) {
        return;
      }
      var k = ov.focus[d.start] || 0, next = k;
      switch (ev.key) {
        case "ArrowRight": next = k + 1; break;
        case "ArrowLeft": next = k - 1; break;
        case "ArrowDown": next = k + d.cols; break;
        case "ArrowUp": next = k - d.cols; break;
        case "Home": next = 0; break;
        case "End": next = d.count - 1; break;
        case "Enter":
        case " ":
          ev.preventDefault();
          ovPick(cv, d.start + k);
          return;
        default:
          return;
      }
      ev.preventDefault();
      next = Math.max(0, Math.min(d.count - 1, next));
      ov.focus[d.start] = next;
      refocus();
      ovAnnounce(d.start + next);
    });
  }

  window.tpOverviewDraw = function (data) {
    var t0 = performance.now();
    var was = ov.marks, wasUtil = ov.util, wasChosen = ov.chosen;
    ov.marks = data.marks;
    ov.util = data.util;
    if (data.names) {
      ov.names = data.names.split("\n");
    }
    ov.chosen = data.chosen;
    ov.labels = String(data.labels || "").split("\n");
    if (was.length !== ov.marks.length || wasChosen !== ov.chosen) {
      ovDrawAll();
    } else {
      var changed = [];
      for (var i = 0; i < was.length; i++) {
        if (was[i] !== ov.marks[i] || wasUtil[i] !== ov.util[i]) {
          changed.push(i);
        }
      }
      if (changed.length * 4 > was.length) {
        ovDrawAll();
      } else {
        ovRedraw(changed);
      }
    }
    if (window.tpPerf) {
      // cmd/benchpage: what drawing the tiles costs.
      window.tpOverviewMs = performance.now() - t0;
    }
  };

  window.addEventListener("resize", ovResizeSoon);
  if (window.matchMedia) {
    var dark = window.matchMedia("(prefers-color-scheme: dark)");
    if (dark && typeof dark.addEventListener === "function") {
      dark.addEventListener("change", ovResizeSoon); // new colours
    }
  }

  // Arrow keys step through the frames when focus is not in a form field.
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) {
      return;
    }
    var t = e.target;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "textarea" || tag === "input" || tag === "select" || (t && t.isContentEditable)) {
      return;
    }
    var id = e.key === "ArrowRight" ? "btn-step" : e.key === "ArrowLeft" ? "btn-back" : "";
    var btn = id && document.getElementById(id);
    if (btn && !btn.disabled) {
      e.preventDefault();
      btn.click();
    }
  });

  // Copy the page address (which carries the scenario) to the clipboard and
  // show the outcome on the button for two seconds.
  window.tpCopyLink = function (id) {
    var btn = document.getElementById(id);
    function show(state) {
      if (!btn) {
        return;
      }
      btn.setAttribute("data-state", state);
      setTimeout(function () {
        btn.removeAttribute("data-state");
      }, 2000);
    }
    try {
      navigator.clipboard.writeText(location.href).then(
        function () { show("copied"); },
        function () { show("failed"); }
      );
    } catch (e) {
      show("failed");
    }
  };
})();
