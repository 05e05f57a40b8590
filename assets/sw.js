// Service worker of the Risk page: precaches every file of the build under its content hash and serves
// them cache-first, so that after one visit the game starts with the network off. build.py writes the
// manifest below (path relative to this file → first 16 hex digits of its SHA-256). A new build changes
// this file, the browser installs the new worker, and only files whose hash changed are downloaded.
//
// Copies of the site on one origin (/a/ and /b/) share the origin's caches, so everything here is the
// worker's own scope's: its cache is named after its path, and it only ever deletes from that cache.

const MANIFEST = /* precache manifest: written at build time */ {};
const SCOPE = new URL("./", self.location.href);
const CACHE = `risk-precache ${SCOPE.pathname}`;
// Before caches were named by path, every copy on the origin shared this one: this worker takes its
// own files from it (they need not be downloaded again) and then removes them, and the cache once empty.
const SHARED_CACHE = "risk-precache";

const keyFor = (path, hash) => `${new URL(path, SCOPE).href}?v=${hash}`;
const fileOf = (key) => key.split("?v=")[0];

const hexDigest = async (buffer) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", buffer)), (b) => b.toString(16).padStart(2, "0")).join("");

async function precache(cache, path, hash) {
  const key = keyFor(path, hash);
  const kept = await caches.match(key, { cacheName: SHARED_CACHE });
  if (kept) return cache.put(key, kept); // stored under this hash, so checked when it was stored
  // The page itself from the address it was opened at ("./", not "./index.html"), so that the browser's
  // cache, which holds that address from this very visit, answers with a 304 instead of the page again.
  const response = await fetch(path === "index.html" ? SCOPE : new URL(path, SCOPE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
  // A file from a newer build than this manifest must not be stored under this manifest's hash.
  const body = await response.clone().arrayBuffer();
  if (!(await hexDigest(body)).startsWith(hash)) throw new Error(`precache: ${path} does not match its hash`);
  await cache.put(key, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const have = new Set((await cache.keys()).map((request) => request.url));
      const missing = Object.entries(MANIFEST).filter(([path, hash]) => !have.has(keyFor(path, hash)));
      await Promise.all(missing.map(([path, hash]) => precache(cache, path, hash)));
      await self.skipWaiting();
    })(),
  );
});

async function forgetSharedCache() {
  if (!(await caches.has(SHARED_CACHE))) return;
  const shared = await caches.open(SHARED_CACHE);
  const mine = new Set(Object.keys(MANIFEST).map((path) => new URL(path, SCOPE).href));
  for (const request of await shared.keys()) if (mine.has(fileOf(request.url))) await shared.delete(request);
  if ((await shared.keys()).length === 0) await caches.delete(SHARED_CACHE);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set(Object.entries(MANIFEST).map(([path, hash]) => keyFor(path, hash)));
      const cache = await caches.open(CACHE);
      for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
      await forgetSharedCache();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length) || "index.html";
  const hash = MANIFEST[path];
  if (hash === undefined) return; // not part of the build: the network, as usual
  event.respondWith(
    caches.match(keyFor(path, hash), { cacheName: CACHE }).then((cached) => cached || fetch(request)),
  );
});
