// The page's service worker: after one visit the page starts with no network at all.
//
// `pycore build` replaces the PRECACHE line with every file the page needs (PyScript,
// Pyodide, the page's assets, the wheels it loads on first use) and a cache name made
// from a hash of their contents, so a new build installs a new cache and drops the old.
// Files are served cache-first; a navigation to the page (with any #fragment, which
// never reaches a server) gets the cached index.html, and the interpreter's memory
// snapshot (vendor/pyodide-*/snapshot.*.gz) is precached like every other file, so it
// goes with its cache (kept gunzipped once the page is first hidden: see `unpack`). The
// page registers the worker from Python (keeper.py).
"use strict";

const PRECACHE = {"cache": "pycore-dev", "files": ["./"], "immutable": [], "gunzip": []};
const PREFIX = "pycore-";
const PAGE = new URL("./", self.registration.scope).href;

// Files in version- or hash-named folders never change: the browser's HTTP cache already
// holds them after the first load, so installing costs no second download. Any other
// file (the page, the manifest) is fetched past that cache, so a new build is seen whole.
function fresh(name) {
  const fixed = PRECACHE.immutable.some((prefix) => name.startsWith(prefix));
  return new Request(name, {cache: fixed ? "default" : "reload"});
}

// Static routes (Chromium's Service Worker Static Routing API): the page and the files in
// version- or hash-named folders come straight from the cache, without starting this
// worker's script on each visit (that start-up otherwise delays the page's first request).
// Anything else, and browsers without the API, go through the fetch handler below.
function staticRoutes() {
  const base = new URL(self.registration.scope).pathname;
  const fromCache = {cacheName: PRECACHE.cache};
  return [
    {condition: {urlPattern: {pathname: base, search: ""}, requestMethod: "GET"}, source: fromCache},
    ...PRECACHE.immutable.map((prefix) => ({
      condition: {urlPattern: {pathname: base + prefix + "*"}, requestMethod: "GET"}, source: fromCache,
    })),
  ];
}

// Cross-origin isolation (pycore.site.ISOLATION): the page's Python runs in a worker only
// in an isolated page. A host that sends no such headers gets them from here, from the
// second visit on: every file is kept with them, so a page served from the cache (by the
// static routes too) is isolated. A response that has them is kept as it came.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

function isolated(answer) {
  if (answer.type !== "basic" || answer.headers.has("Cross-Origin-Embedder-Policy")) {
    return answer;
  }
  const headers = new Headers(answer.headers);
  for (const [name, value] of Object.entries(ISOLATION)) {
    headers.set(name, value);
  }
  return new Response(answer.body, {status: answer.status, statusText: answer.statusText, headers});
}

// The memory snapshot travels gzipped (6.8 MB, not 31.5) and is kept here gunzipped: the
// page reads it from this cache at every start, and gunzipping it there, in the worker
// that is compiling Pyodide's wasm at the same moment, cost about 0.15-0.2 s of each warm
// start on 2 cores. Not at install, though: that runs just after the first screen, while
// the player may be typing, and gunzipping 31.5 MB is a few hundred ms of one core. The
// page asks for it when it is hidden or left (web/early.js: "unpack"), and
// a start before that reads the gzip, as web/start.mjs reads either form. Bytes that do
// not gunzip stay as they are (the page starts without them, as it did on that visit).
async function unpack() {
  if (typeof DecompressionStream !== "function") {
    return;  // kept as it came: the page gunzips it
  }
  const cache = await caches.open(PRECACHE.cache);
  for (const name of PRECACHE.gunzip) {
    const kept = await cache.match(name);
    if (!kept || !await isGzip(kept.clone())) {
      continue;  // gone, gunzipped already, or not gzip at all
    }
    const packed = await kept.arrayBuffer();
    try {
      const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
      const raw = await new Response(stream).arrayBuffer();
      const headers = new Headers(kept.headers);
      headers.delete("Content-Length");
      headers.delete("Content-Encoding");
      await cache.put(name, new Response(raw, {status: kept.status, statusText: kept.statusText, headers}));
    } catch {
      // not gzip after all: kept as it came
    }
  }
}

// Whether a response's body starts with gzip's magic bytes: only its first chunk is read
// (the page asks at every hide, and an unpacked snapshot is 31.5 MB).
async function isGzip(answer) {
  const reader = answer.body.getReader();
  const { value } = await reader.read();
  reader.cancel().catch(() => undefined);
  return Boolean(value) && value[0] === 0x1f && value[1] === 0x8b;
}

self.addEventListener("message", (event) => {
  if (event.data === "unpack") {
    event.waitUntil(unpack());
  }
});

async function precache() {
  const cache = await caches.open(PRECACHE.cache);
  await Promise.all(PRECACHE.files.map(async (name) => {
    const answer = await fetch(fresh(name));
    if (!answer.ok) {
      throw new Error(`precaching ${name}: HTTP ${answer.status}`);  // install fails, as addAll would
    }
    await cache.put(name, isolated(answer));
  }));
}

self.addEventListener("install", (event) => {
  const routed = event.addRoutes ? event.addRoutes(staticRoutes()).catch(() => undefined) : null;
  event.waitUntil(Promise.all([routed, precache()]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== PRECACHE.cache)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

function isPage(url) {
  const path = url.origin + url.pathname;  // the search and #fragment do not matter
  return path === PAGE || path === PAGE + "index.html";
}

async function fromCache(request, url) {
  const cache = await caches.open(PRECACHE.cache);
  const key = request.mode === "navigate" && isPage(url) ? PAGE : request;
  const hit = await cache.match(key, {ignoreSearch: key === PAGE});
  if (hit) {
    return hit;
  }
  const answer = isolated(await fetch(request));
  // Whatever else the page fetches from its own origin (a chunk a later PyScript loads)
  // is kept too, so that it is there on the next visit without a network.
  if (answer.ok && answer.type !== "opaque" && !request.headers.has("range")) {
    await cache.put(request, answer.clone());
  }
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.endsWith("/sw.js")) {
    return;
  }
  event.respondWith(fromCache(request, url));
});
