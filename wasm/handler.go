package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// NoopServiceWorker replaces go-app's cache-first worker, which serves
// stale builds after a deploy (GOAPP.md §2). It has no fetch handler, so
// requests go to the network and normal HTTP caching applies; on
// activation it deletes the caches an older go-app worker left behind. The
// version comment changes the bytes on each release so browsers update it.
const NoopServiceWorker = `// Taints & Tolerations Playground: no-op service worker, version {{.Version}}
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(
  caches.keys().then((ks) => Promise.all(ks.map((k) => caches.delete(k))))));
`

// Handler describes the page: title, local icons, styles, scripts and the
// no-op service worker.
func Handler(version string) *app.Handler {
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
		Scripts:               []string{"/web/board.js", "/web/editor.js"},
		Version:               version,
		ServiceWorkerTemplate: NoopServiceWorker,
	}
}
