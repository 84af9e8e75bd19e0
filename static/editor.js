// The editor's line numbers and error line, the theme the reader picked
// (applied while the page is parsed: this script is loaded in <head>,
// after board.js) and Esc closing the open panels, for the Taints &
// Tolerations Playground (issue 15). No scheduling logic lives here.
(function () {
  "use strict";

  // The stored theme (web/theme.go ThemeKey) is applied now, while the
  // page is parsed, so the first paint has it. theme=light|dark in the
  // address wins (the Go side applies it), and an embed follows its page.
  try {
    var q = location.search;
    if (!/(^|[?&])theme=(light|dark)(&|$)/.test(q) && !/(^|[?&])embed=/.test(q) && !/\/embed\/?$/.test(location.pathname)) {
      var t = window.localStorage.getItem("taints-playground:theme");
      if (t === "light" || t === "dark") {
        document.documentElement.setAttribute("data-theme", t);
      }
    }
  } catch (e) { /* storage blocked: the system's theme */ }

  // ---- the editor's gutter ----
  // The gutter (#editor-gutter, beside the textarea #editor) shows the
  // numbers of the visible lines only: a 1 MiB text has 20,000+ lines, and
  // one element per line would cost a long layout. The textarea does not
  // wrap lines (wrap=off, white-space: pre), so line i sits at
  // paddingTop + (i-1) × lineHeight - scrollTop. The line count is read
  // from the value when the Go side set it (tpGutter) and shortly after
  // typing pauses, not on every keystroke.
  var gutters = {};

  function gutterState(id) {
    var s = gutters[id];
    if (!s) {
      s = gutters[id] = { lines: 1, drawn: "", frame: 0, recount: 0 };
    }
    return s;
  }

  function countLines(text) {
    var n = 1, i = -1;
    while ((i = text.indexOf("\n", i + 1)) !== -1) n++;
    return n;
  }

  function metrics(ta) {
    var cs = getComputedStyle(ta);
    var lh = parseFloat(cs.lineHeight);
    if (!(lh > 0)) lh = 1.5 * parseFloat(cs.fontSize) || 18;
    return { lh: lh, top: parseFloat(cs.paddingTop) || 0 };
  }

  function drawGutter(id) {
    var ta = document.getElementById(id);
    var g = document.getElementById(id + "-gutter");
    if (!ta || !g) return;
    var s = gutterState(id);
    var m = metrics(ta);
    var first = Math.max(0, Math.floor((ta.scrollTop - m.top) / m.lh));
    var visible = Math.ceil(ta.clientHeight / m.lh) + 2;
    var last = Math.min(s.lines, first + visible);
    var err = parseInt(g.getAttribute("data-error-line") || "0", 10) || 0;
    var inner = g.firstElementChild;
    if (!inner || !inner.classList.contains("gutter-lines")) {
      inner = document.createElement("div");
      inner.className = "gutter-lines";
      g.appendChild(inner);
    }
    var key = first + ":" + last + ":" + err + ":" + m.lh;
    // The key lives on the element: go-app may have put a new, empty
    // gutter in place of the one drawn.
    if (key !== s.drawn || inner.getAttribute("data-key") !== key) {
      s.drawn = key;
      inner.setAttribute("data-key", key);
      var html = "";
      for (var i = first + 1; i <= last; i++) {
        html += i === err ? '<div class="gl is-error" title="✗">' + i + "</div>" : '<div class="gl">' + i + "</div>";
      }
      inner.innerHTML = html;
      inner.style.height = ((last - first) * m.lh) + "px";
      g.style.setProperty("--gutter-digits", String(Math.max(2, String(s.lines).length)));
      g.style.setProperty("--gutter-lh", m.lh + "px");
    }
    inner.style.transform = "translateY(" + (m.top + first * m.lh - ta.scrollTop) + "px)";
  }

  function drawSoon(id) {
    var s = gutterState(id);
    if (s.frame) return;
    s.frame = requestAnimationFrame(function () {
      s.frame = 0;
      drawGutter(id);
    });
  }

  // The textarea can be resized by its handle: redraw then.
  var ro = window.ResizeObserver ? new ResizeObserver(function (entries) {
    entries.forEach(function (en) { if (en.target.id) drawSoon(en.target.id); });
  }) : null;
  var watched = [];
  function watchSize(ta) {
    if (!ro || watched.indexOf(ta) !== -1) return;
    watched = watched.filter(function (w) { return w.isConnected; });
    watched.push(ta);
    ro.observe(ta);
  }

  // tpGutter recounts the lines of textarea id and redraws its gutter (the
  // Go side calls it after it set the value or the error line changed).
  window.tpGutter = function (id) {
    var ta = document.getElementById(id);
    if (!ta) return;
    watchSize(ta);
    gutterState(id).lines = countLines(ta.value);
    gutterState(id).drawn = "";
    drawSoon(id);
  };

  // tpGotoLine scrolls textarea id to a line, selects it and focuses it.
  window.tpGotoLine = function (id, line) {
    var ta = document.getElementById(id);
    if (!ta || !(line >= 1)) return;
    var text = ta.value, start = 0;
    for (var n = 1; n < line; n++) {
      var i = text.indexOf("\n", start);
      if (i === -1) break;
      start = i + 1;
    }
    var end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    try { ta.focus({ preventScroll: true }); } catch (e) { ta.focus(); }
    ta.setSelectionRange(start, end);
    var m = metrics(ta);
    ta.scrollTop = Math.max(0, (line - 1) * m.lh - ta.clientHeight / 3);
    ta.scrollLeft = 0;
    if (ta.scrollIntoView) ta.scrollIntoView({ block: "nearest" });
    drawGutter(id);
  };

  // Scroll does not bubble: listen in the capture phase.
  document.addEventListener("scroll", function (e) {
    var t = e.target;
    if (t && t.id && t.tagName === "TEXTAREA" && document.getElementById(t.id + "-gutter")) drawSoon(t.id);
  }, true);
  document.addEventListener("input", function (e) {
    var t = e.target;
    if (!t || !t.id || t.tagName !== "TEXTAREA" || !document.getElementById(t.id + "-gutter")) return;
    var s = gutterState(t.id);
    clearTimeout(s.recount);
    s.recount = setTimeout(function () { window.tpGutter(t.id); }, 150);
  }, true);
  window.addEventListener("resize", function () {
    for (var id in gutters) drawSoon(id);
  });

  // ---- Esc closes the open panels ----
  // One handler for the page: Esc closes the panel that holds the focus
  // (the why panel, or the open tool panel: library, import, share,
  // palette, embed); with the focus elsewhere on the page it closes every
  // open one. In the editor or the console (a field outside the panels)
  // Esc stays with the field. Focus then goes to the panel's toggle
  // button, or the pod chip the why panel explained.
  function closeWhy() {
    var b = document.querySelector("#why .why-close");
    if (!b) return false;
    var chip = document.querySelector(".pod.is-selected, [data-pod][aria-pressed='true']");
    b.click();
    if (chip && chip.focus) setTimeout(function () { try { chip.focus(); } catch (e) {} }, 0);
    return true;
  }
  function closeTool() {
    var t = document.querySelector(".share-tools [aria-expanded='true']");
    if (!t) return false;
    t.click();
    t.focus();
    return true;
  }
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    var inWhy = t && t.closest ? t.closest("#why") : null;
    var inTool = t && t.closest ? t.closest(".tool-panel") : null;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    var field = tag === "textarea" || tag === "input" || tag === "select" || (t && t.isContentEditable);
    var done = false;
    if (inWhy) {
      done = closeWhy();
    } else if (inTool) {
      done = closeTool();
    } else if (!field) {
      var a = closeTool();
      var b = closeWhy();
      done = a || b;
    }
    if (done) e.preventDefault();
  });

  // The overview's canvases take their colours from the theme.
  if (window.MutationObserver) {
    new MutationObserver(function () {
      window.dispatchEvent(new Event("resize"));
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  }
})();
