// cardrules static site: the service worker. It keeps every file of the site (listed in
// site.json) in the browser's cache at install, then answers from the cache first, so after
// the first visit the games load and play with the network off.
"use strict";

const PREFIX = "cardrules-site-";

async function siteFiles() {
  const response = await fetch("site.json", { cache: "no-store" });
  return response.json();
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const site = await siteFiles();
    const cache = await caches.open(PREFIX + site.build);
    await cache.addAll(site.files.filter((name) => name !== "./"));
    // The folder's own address works only where the host serves index.html for it.
    try { await cache.add("./"); } catch (error) { /* open index.html instead */ }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    let keep = null;
    try { keep = PREFIX + (await siteFiles()).build; } catch (e) { keep = null; }
    if (keep !== null) {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== keep) await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  event.respondWith((async () => {
    // Pages carry the game in their query (table.html?id=...): the file is the same.
    const cached = await caches.match(event.request, { ignoreSearch: true });
    if (cached) return cached;
    return fetch(event.request);
  })());
});
