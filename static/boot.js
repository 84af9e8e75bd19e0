// Start-up of the Taints & Tolerations Playground's page, run while the
// document is parsed, before go-app's deferred app.js: once the
// prerendered page has painted it fetches and compiles app.wasm and starts
// the engine's first Web Worker, so that its Go program starts beside the
// page's; it gives go-app an in-memory Storage where the browser's throws.
// No scheduling logic lives here.
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
  // The page starts the engine's first Web Worker early (start, below),
  // while app.wasm downloads: a worker started later would wait for the
  // page's thread, which go-app then keeps busy starting the page. Once
  // compiled, the
  // module goes to the worker with the address's fragment ("#" when there
  // is none), and the worker runs at once what the page will ask for: the
  // link's scenario, or the default preset for an address without a link
  // (web/engine_early.go). The Go runtimes of the page and the worker start
  // side by side. The page's engine adopts the worker with the events it
  // sent meanwhile (web/engine_js.go). An embed waits for its start click.
  function startEarlyEngine() {
    try {
      if (!window.Worker) return null;
      if (/(^|[?&])embed=/.test(location.search)) return null;
      var worker = new Worker("/web/engine-worker.js");
      var early = { worker: worker, events: [], prerun: location.hash || "#", sent: false };
      worker.onmessage = worker.onerror = worker.onmessageerror = function (e) { early.events.push(e); };
      window.tpEarlyEngine = early;
      return early;
    } catch (e) {
      return null; // the page's engine starts its own workers
    }
  }
  var earlyEngine = null;

  // sendEarlyModule gives the early worker the compiled module, or null: the
  // worker then fetches and compiles app.wasm itself.
  function sendEarlyModule(module) {
    if (!earlyEngine || earlyEngine.sent) return;
    earlyEngine.sent = true;
    try {
      earlyEngine.worker.postMessage({ tp: "module", module: module || null, prerun: earlyEngine.prerun });
    } catch (e) {
      earlyEngine.worker.postMessage({ tp: "module", module: null, prerun: earlyEngine.prerun });
    }
  }

  // app.wasm is fetched and compiled from here, as soon as the prerendered
  // page has painted (or when app.js asks for it, if that comes first):
  // go-app's app.js is deferred and would ask only once the whole page is
  // parsed and its scripts ran, and starting during the parse would hold
  // the first paint back. The compiled module goes to the early worker at
  // once (its Go program starts while the page's is still being
  // instantiated), is kept for the page's later workers (web/engine_js.go:
  // the page posts it to them instead of compiling 15 MB again), and
  // instantiates the page when app.js asks. The module is compiled from
  // the fetched Response itself, which has a URL: V8's wasm code cache is
  // keyed by it (and kept beside the service worker's cached app.wasm), so
  // a later visit reuses the compiled code. app.js gets a copy of the same
  // response for its progress label: the file is downloaded once. go-app
  // loads no wasm for crawlers or with ?wasm=false
  // (goappCanLoadWebAssembly): neither does this.
  var pageFetch = window.fetch;
  var early = null;
  var started = false;

  // start starts the engine's early worker and app.wasm's download and
  // compile, once.
  function start() {
    if (started || !loadsWasm()) return;
    started = true;
    earlyEngine = startEarlyEngine();
    early = startCompile();
    if (!early) sendEarlyModule(null);
  }

  // afterContentfulPaint calls f once the page has painted content (the
  // first-contentful-paint entry), or after 1 s without one (a hidden tab
  // paints nothing).
  function afterContentfulPaint(f) {
    var timer = setTimeout(f, 1000);
    try {
      new PerformanceObserver(function (list, observer) {
        list.getEntries().forEach(function (e) {
          if (e.name === "first-contentful-paint") {
            observer.disconnect();
            clearTimeout(timer);
            setTimeout(f, 0);
          }
        });
      }).observe({ type: "paint", buffered: true });
    } catch (e) {
      // No paint timing: the timer starts it.
    }
  }

  // loadsWasm is go-app's goappCanLoadWebAssembly.
  function loadsWasm() {
    try {
      if (/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent)) return false;
      return new URLSearchParams(location.search).get("wasm") !== "false";
    } catch (e) {
      return true;
    }
  }

  function startCompile() {
    try {
      if (typeof pageFetch !== "function" || !window.WebAssembly || typeof WebAssembly.compileStreaming !== "function") return null;
      var response = pageFetch.call(window, "/web/app.wasm");
      var module = response.then(function (r) { return WebAssembly.compileStreaming(r.clone()); });
      module.then(sendEarlyModule, function () {}); // a failure: the page compiles go-app's copy
      return { response: response, module: module };
    } catch (e) {
      return null;
    }
  }

  afterContentfulPaint(start);

  // A page that loads no wasm (a crawler, ?wasm=false) registers no
  // service worker either: go-app's app.js would, and the worker's install
  // would download the whole build, app.wasm included, for nothing.
  // go-app's registration then waits for ever, quietly.
  if (!loadsWasm()) {
    try {
      var container = navigator.serviceWorker;
      if (container) container.register = function () { return new Promise(function () {}); };
    } catch (e) {
      // No service worker here anyway.
    }
  }
  if (typeof pageFetch === "function") {
    window.fetch = function (input) {
      if (input === "/web/app.wasm") {
        start();
        window.fetch = pageFetch;
        if (early && early.response) {
          var r = early.response;
          early.response = null;
          return r;
        }
      }
      return pageFetch.apply(this, arguments);
    };
  }
  if (window.WebAssembly && typeof WebAssembly.instantiateStreaming === "function") {
    var instantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
    WebAssembly.instantiateStreaming = function (source, imports) {
      var module = early && early.module;
      if (early) early.module = null;
      var compiled = module ? module.then(function (m) {
        return WebAssembly.instantiate(m, imports).then(function (instance) {
          return { module: m, instance: instance };
        });
      }, function () {
        return instantiate(source, imports); // the early compile failed: go-app's copy
      }) : instantiate(source, imports);
      return compiled.then(function (r) {
        if (r && r.module && !window.tpAppModule) window.tpAppModule = r.module;
        sendEarlyModule(r && r.module);
        return r;
      }, function (err) {
        sendEarlyModule(null);
        throw err;
      });
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
})();
