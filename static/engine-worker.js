// Taints & Tolerations Playground: the engine's Web Worker.
//
// The page (web/engine_js.go) starts this worker and posts it
// {tp: "module", module} with app.wasm compiled once (WebAssembly.Module),
// or module null when the page could not compile it: the worker then
// fetches /web/app.wasm itself. static/boot.js starts the first worker
// before the page's program runs, with prerun: the address's fragment ("#"
// for none), whose link, or the default preset, the worker runs at once
// (web/engine_early.go).
// The worker runs the same program as the page; without a document it
// serves the engine (wasm/worker_js.go): it replaces self.onmessage, posts
// {tp: "ready"}, then takes requests and posts replies as Uint8Arrays
// (web/enginewire.go). When the Go program ends — it exited, or the Go
// runtime died (out of memory, a fatal error) — or it cannot start, the
// worker posts {tp: "exited", why} with the last lines the program printed;
// the page then answers the requests with an error and starts a new worker.
"use strict";

importScripts("/wasm_exec.js");

// The last lines the Go program printed (its fatal error, if any).
const tail = [];
for (const name of ["log", "error", "warn"]) {
  const orig = console[name].bind(console);
  console[name] = (...args) => {
    tail.push(args.join(" "));
    if (tail.length > 8) tail.shift();
    orig(...args);
  };
}

function exited(why) {
  const lines = tail.filter((l) => l.trim() !== "");
  const last = lines.find((l) => /fatal error|panic|out of memory/.test(l)) || lines[lines.length - 1];
  self.postMessage({ tp: "exited", why: last ? why + ": " + last : why });
}

async function instantiateURL(url, imports) {
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(fetch(url), imports);
    } catch (_) {
      // A server that does not send application/wasm: compile the bytes.
    }
  }
  const bytes = await (await fetch(url)).arrayBuffer();
  return await WebAssembly.instantiate(bytes, imports);
}

self.onmessage = async (e) => {
  const d = e.data;
  if (!d || d.tp !== "module") return;
  self.tpPrerun = typeof d.prerun === "string" ? d.prerun : "";
  try {
    const go = new Go();
    let code = 0;
    go.exit = (c) => { code = c; };
    const instance = d.module
      ? await WebAssembly.instantiate(d.module, go.importObject)
      : (await instantiateURL("/web/app.wasm", go.importObject)).instance;
    await go.run(instance);
    exited("the engine exited (code " + code + ")");
  } catch (err) {
    exited("the engine failed: " + err);
  }
};
