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

  // go-app enumerates localStorage at start-up without catching errors, so
  // a page where storage throws (a sandboxed iframe without
  // allow-same-origin, blocked cookies) would never start. There, give it an
  // in-memory Storage instead: the playground keeps its state in the URL.
  function memoryStorage() {
    var items = new Map();
    return {
      get length() { return items.size; },
      key: function (i) { return i >= 0 && i < items.size ? Array.from(items.keys())[i] : null; },
      getItem: function (k) { return items.has(String(k)) ? items.get(String(k)) : null; },
      setItem: function (k, v) { items.set(String(k), String(v)); },
      removeItem: function (k) { items.delete(String(k)); },
      clear: function () { items.clear(); }
    };
  }
  ["localStorage", "sessionStorage"].forEach(function (name) {
    try {
      var s = window[name];
      s.getItem("tp-probe");
      void s.length;
    } catch (e) {
      try {
        Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
      } catch (e2) {
        // Nothing more can be done; go-app will report the error.
      }
    }
  });

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
