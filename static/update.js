// Taints & Tolerations Playground: tells the page that a new version is
// ready (wasm/handler.go's service worker explains the flow).
//
// A new build's worker installs beside the running one and waits while
// this page is open, so the page keeps running its own build. When one is
// waiting, this calls go-app's goappOnUpdate: the page's OnAppUpdate shows
// "A new version is available — Reload" (web/update.go). tpApplyUpdate,
// called by its button, lets the waiting worker take over and reloads the
// same address (the scenario is in the fragment).
(function () {
  "use strict";
  var sw;
  try {
    sw = navigator.serviceWorker; // throws in a sandbox without allow-same-origin
  } catch (e) {
    return;
  }
  if (!sw) return;

  function notify() {
    if (typeof window.goappOnUpdate === "function") window.goappOnUpdate();
  }

  function watch(reg) {
    if (reg.waiting && sw.controller) notify();
    // The browser checks app-worker.js at each navigation; a page left open
    // asks every hour too (offline the check fails quietly).
    setInterval(function () { reg.update().catch(function () {}); }, 3600 * 1000);
    reg.addEventListener("updatefound", function () {
      var w = reg.installing;
      if (!w) return;
      w.addEventListener("statechange", function () {
        if (w.state === "installed" && sw.controller) notify();
      });
    });
  }

  try {
    sw.ready.then(watch, function () {});
  } catch (e) {
    // A page where service workers are unavailable (an opaque origin).
  }

  var reloading = false;
  function reload() {
    if (reloading) return;
    reloading = true;
    location.reload();
  }

  window.tpApplyUpdate = function () {
    sw.getRegistration().then(function (reg) {
      var w = reg && reg.waiting;
      if (!w) {
        reload();
        return;
      }
      sw.addEventListener("controllerchange", reload);
      w.postMessage({ tp: "skip-waiting" });
      setTimeout(reload, 3000); // the worker did not take over: reload anyway
    }, reload);
  };
})();
