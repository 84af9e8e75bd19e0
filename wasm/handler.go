package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// ServiceWorker is the playground's own service worker (app-worker.js),
// which go-app's app.js registers. It caches each build under its version,
// so the page opens offline after one visit, and never mixes two builds.
//
// Why not go-app's own worker (gen/app-worker.js): it answers every request
// cache-first from one cache, calls skipWaiting and clients.claim as soon as
// a new version is installed and then deletes the old cache. A page of the
// old version that is still open is then served the new build's files (an
// engine Web Worker started later gets the new engine-worker.js and app.wasm
// beside the old page), and a reload during the switch mixes both. Its
// install and activate handlers do not use waitUntil, so the browser may
// activate it before its cache is filled; the probe (GOAPP.md §2) saw stale
// builds for up to four reloads, and go-app's OnAppUpdate never fired.
// go-app's registration in app.js and its update hook (goappOnUpdate →
// the components' OnAppUpdate, ctx.AppUpdateAvailable) are kept: this
// worker only changes what is cached and when a new version takes over.
//
//   - install: fetch every file of the build (ResourcesToCache: the page
//     "/", app.js, app.css, wasm_exec.js, the manifest, web/app.wasm and
//     every file under web/, engine-worker.js and the icons included),
//     revalidated with the server ({cache: "no-cache"}), into the cache
//     "tp-VERSION". app.js must carry this VERSION, or the install fails
//     (a deploy that changed while the files were fetched) and the browser
//     tries again at the next visit.
//   - a new version waits (no skipWaiting at install) while a page of the
//     old one is open: the old worker keeps serving the old build whole.
//     static/update.js sees the waiting worker and calls goappOnUpdate; the
//     page shows "A new version is available — Reload" (UpdateBanner). The
//     click posts {tp: "skip-waiting"}; the new worker activates and the
//     page reloads the same address (the scenario is in the fragment).
//   - activate: delete every other cache (older versions, go-app's app-*).
//     No clients.claim: the first visit stays uncontrolled (go-app's app.js
//     would report a spurious update, GOAPP.md §2).
//   - fetch: a same-origin GET of a cached path is answered from this
//     version's cache — the page for "/" and "/index.html" with any query
//     (?embed=1) and fragment; the engine's Web Workers' engine-worker.js,
//     wasm_exec.js and app.wasm too. Anything else goes to the network.
//
// The HTML is not fetched network-first: the page of a new deploy with the
// old build's app.js and app.wasm would be the mix this worker exists to
// prevent. A new deploy is detected by the browser's update check of
// app-worker.js (served no-cache, fetched on every navigation and at each
// registration), whose bytes change with {{.Version}}.
const ServiceWorker = `// Taints & Tolerations Playground: service worker, version {{.Version}}
// (wasm/handler.go explains it).
"use strict";
const VERSION = "{{.Version}}";
const CACHE = "tp-" + VERSION;
const FILES = {{.ResourcesToCache}};

self.addEventListener("install", (e) => e.waitUntil(precache()));

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(FILES.map(async (path) => {
    let res = await fetch(new Request(path, { cache: "no-cache" }));
    if (!res.ok) throw new Error(path + ": HTTP " + res.status);
    if (res.redirected) {
      res = new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    await cache.put(path, res);
  }));
  const js = await cache.match("/app.js");
  if (!js || !(await js.text()).includes(JSON.stringify(VERSION))) {
    await caches.delete(CACHE);
    throw new Error("app.js is not version " + VERSION);
  }
}

self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys().then((ks) => Promise.all(ks.filter((k) => k !== CACHE).map((k) => caches.delete(k))))));

self.addEventListener("message", (e) => {
  if (e.data && e.data.tp === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname === "/app-worker.js") return;
  const path = url.pathname === "/index.html" ? "/" : url.pathname;
  if (!FILES.includes(path)) return;
  e.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(path, { ignoreVary: true }))
    .then((hit) => hit || fetch(req)));
});
`

// Handler describes the page: title, local icons, styles, scripts and the
// versioned service worker. cacheable lists the site's other files the
// worker stores (generate passes every file under dist/web).
func Handler(version string, cacheable ...string) *app.Handler {
	return &app.Handler{
		Name:        "Taints & Tolerations Playground",
		ShortName:   "Taints Playground",
		Title:       "Taints & Tolerations Playground",
		Description: "An interactive Kubernetes taints and tolerations simulator: edit a scenario, step through kube-scheduler and the taint-eviction controller, and see why every pod is where it is.",
		Author:      "Taints Playground authors",
		Keywords:    []string{"kubernetes", "taints", "tolerations", "scheduler", "NoExecute", "playground"},
		Lang:        "en",
		Icon: app.Icon{
			Default:  "/web/icons/icon-192.png",
			Large:    "/web/icons/icon-512.png",
			Maskable: "/web/icons/icon-512.png",
			SVG:      "/web/icons/icon.svg",
		},
		Image:                 "/web/icons/icon-512.png",
		BackgroundColor:       "#0f141b",
		ThemeColor:            "#1f3b63",
		LoadingLabel:          "Loading the playground… {progress}%",
		Styles:                []string{"/web/app.css", "/web/extra.css"},
		Scripts:               []string{"/web/boot.js", "/web/board.js", "/web/editor.js", "/web/update.js"},
		CacheableResources:    append([]string{"/web/engine-worker.js", "/web/icons/icon.svg"}, cacheable...),
		Version:               version,
		ServiceWorkerTemplate: ServiceWorker,
	}
}
