// The page's service worker: after one visit the page starts with no network at all.
//
// `pycore build` replaces the PRECACHE line with every file the page needs (PyScript,
// MicroPython, Pyodide, the page's assets, the wheels it loads on first use) and a cache
// name made from a hash of their contents, so a new build installs a new cache and drops
// the old. Files are served cache-first; a navigation to the page (with any #fragment,
// which never reaches a server) gets the cached index.html. The page registers this
// worker once its heavy worker is up (web/light/heavy_client.py): by then every large file is
// in the browser's HTTP cache, and installing downloads nothing a second time.
"use strict";

const PRECACHE = {"cache": "pycore-dev", "files": ["./"], "immutable": []};
const PREFIX = "pycore-";
const PAGE = new URL("./", self.registration.scope).href;

// Files in version- or hash-named folders never change, and the page registers this worker
// only once its heavy worker is up: the browser's HTTP cache holds them already, so
// installing downloads none of them a second time. Any other file (the page, the manifest)
// is revalidated with the server, so a new build is seen whole and an unchanged one costs
// a "304 Not Modified", not its bytes again.
function fresh(name) {
  const fixed = PRECACHE.immutable.some((prefix) => name.startsWith(prefix));
  return new Request(name, {cache: fixed ? "default" : "no-cache"});
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

// A failed install (a file missing, the network gone midway) deletes the cache it began:
// tens of MB that no worker would ever read, until the next good update. Not a cache that
// was there before (a new worker over the same files shares the running one's cache).
async function precache() {
  const existed = await caches.has(PRECACHE.cache);
  const cache = await caches.open(PRECACHE.cache);
  try {
    await Promise.all(PRECACHE.files.map(async (name) => {
      const answer = await fetch(fresh(name));
      if (!answer.ok) {
        throw new Error(`precaching ${name}: HTTP ${answer.status}`);  // install fails, as addAll would
      }
      await cache.put(name, answer);
    }));
  } catch (error) {
    if (!existed) {
      await caches.delete(PRECACHE.cache);
    }
    throw error;
  }
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
  const answer = await fetch(request);
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
