/* Scorepad's service worker (issue 26, docs/architecture.md "Offline"): registered by app.js only
   where the browser allows one (HTTPS, or localhost).  Everything goes to the network first, as
   without it; what it keeps is only for when there is no connection:
   - the app shell (CSS, scripts, icons) and the offline page, fetched at install;
   - the pages of a play and its seats, and the home page, as last opened on this phone.
   A navigation with no connection gets the page as kept, else Scorepad's offline page.  Changes
   (POST) and live updates are never touched: a seat page opened offline still keeps its changes
   in localStorage (seat.js) and sends them when the connection is back. */
"use strict";
var CACHE = "scorepad-v1";
var SHELL = ["/offline", "/static/css/app.css", "/static/js/app.js", "/static/js/seat.js", "/static/js/stepper.js",
             "/static/vendor/htmx.min.js", "/static/icons/icon.svg"];
var KEPT_PAGES = /^\/(plays\/\d+(\/seats\/\d+)?)?$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(SHELL.map(function (url) { return cache.add(url).catch(function () { /* kept next time */ }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(request, response) {
  if (response && response.status === 200 && !response.redirected && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    var kept = KEPT_PAGES.test(url.pathname) && !url.search;
    event.respondWith(fetch(request).then(function (response) {
      return kept ? keep(request, response) : response;
    }).catch(function () {
      return caches.match(request).then(function (found) { return found || caches.match("/offline"); });
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fetch(request).then(function (response) { return keep(request, response); }).catch(function () {
      return caches.match(request, { ignoreSearch: true }).then(function (found) { return found || Response.error(); });
    }));
  }
});
