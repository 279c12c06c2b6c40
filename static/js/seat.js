/* Scorepad: the live seat.  Loaded on every seat page (and the play page, for live updates).

   Saving.  Every change a seat page posts with htmx (autosave, a button, a cell editor, a row
   operation, a stroke) goes through one queue kept in localStorage, per play and seat, before it is
   sent: a closed tab, a dead connection or a server that answers 5xx loses nothing.  The queue is
   sent in order, one change at a time, each with the version it is based on (the newest this phone
   has seen) and a change id the server remembers, so a resend is never applied twice.  The status
   region says the truth as data-save-state (saved / saving / offline / failed) and in words; it says
   "saved" only when the server answered that exact change.  Autosaves of the same form are
   coalesced (the newer one carries the older one's values); buttons are kept one by one.

   Live.  The page asks /plays/N/live every 1.5 s while it is visible (304 when nothing changed):
   a change on another phone, a seat marked done, the play finished or reopened show within 2 s.
*/
(function () {
  "use strict";

  var POLL_MS = 1500;
  var status = function () { return document.getElementById("status"); };
  var banner = function () { return document.getElementById("live-banner"); };
  var net = function () { return document.getElementById("net-banner"); };
  var root = document.querySelector("[data-live-play]");
  if (!root) return;
  var playId = root.getAttribute("data-live-play");
  var seatPos = root.getAttribute("data-live-seat"); // null on the play page
  var liveUrl = root.getAttribute("data-live-url");
  var KEY = seatPos !== null ? "scorepad:pending:" + playId + ":" + seatPos : null;

  // ------------------------------------------------------------------ the queue

  function load() {
    if (!KEY) return [];
    try { return JSON.parse(localStorage.getItem(KEY) || "[]") || []; } catch (e) { return []; }
  }
  function keep() {
    if (!KEY) return;
    try {
      if (queue.length) localStorage.setItem(KEY, JSON.stringify(queue));
      else localStorage.removeItem(KEY);
    } catch (e) { /* storage full or off: the page still sends */ }
  }
  function uid() {
    var bytes = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  var queue = load();
  var restored = queue.length > 0;
  var inFlight = null;
  var pendingRedirect = null;
  var leaving = false; // on the way to another page (Done): a live check must not reload this one
  var retryTimer = null;
  var backoff = 1000;

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }
  function currentVersion() {
    var input = document.getElementById("seat-version");
    return input ? input.value : null;
  }

  // While a change is waiting or on its way, the entry form carries htmx's own request class.
  function busy() {
    var form = document.getElementById("entry") || document.body;
    if (queue.length || inFlight) form.classList.add("htmx-request");
    else form.classList.remove("htmx-request");
  }

  function setState(state, text) {
    busy();
    var s = status();
    if (!s) return;
    s.setAttribute("data-save-state", state);
    var t = s.querySelector(".save-state");
    if (t && text) t.textContent = text;
    document.documentElement.setAttribute("data-save-state", state);
  }
  function showNet(text) {
    var n = net();
    if (!n) return;
    if (text) { n.textContent = text; n.hidden = false; } else { n.hidden = true; }
  }

  function swapStyle(elt) {
    var holder = elt && elt.closest ? elt.closest("[hx-swap]") : null;
    var spec = holder ? holder.getAttribute("hx-swap") : "innerHTML";
    return (spec || "innerHTML").split(/\s+/)[0];
  }
  function targetSelector(target) {
    if (target && target.id) return "#" + target.id;
    return "#status";
  }

  function enqueue(item) {
    if (item.coalesce) {
      // a newer autosave of the same form carries every value of an older one still waiting
      queue = queue.filter(function (q) { return !(q.coalesce && q.path === item.path && q !== inFlight); });
    }
    queue.push(item);
    keep();
    busy();
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    var cfg = evt.detail;
    if (!KEY || !cfg || String(cfg.verb).toLowerCase() !== "post") return;
    if (cfg.elt && cfg.elt.closest && cfg.elt.closest("[data-no-queue]")) return;
    evt.preventDefault(); // this page sends it itself, through the queue
    var body = new URLSearchParams();
    var data = cfg.formData || new FormData();
    data.forEach(function (value, name) { if (typeof value === "string") body.append(name, value); });
    var trigger = cfg.triggeringEvent ? cfg.triggeringEvent.type : "";
    enqueue({
      id: uid(),
      path: cfg.path,
      body: body.toString(),
      target: targetSelector(cfg.target),
      swap: swapStyle(cfg.elt),
      coalesce: trigger !== "submit" && trigger !== "click",
      at: Date.now()
    });
    pump();
  });

  function schedule() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; pump(); }, backoff);
    backoff = Math.min(backoff * 2, 8000);
  }

  function pump() {
    if (inFlight || !queue.length) return;
    var item = queue[0];
    inFlight = item;
    setState("saving", "Saving…");
    var body = new URLSearchParams(item.body);
    body.set("change_id", item.id);
    var version = currentVersion();
    if (version !== null) body.set("version", version);
    var headers = { "HX-Request": "true", "X-CSRFToken": csrf(), "HX-Current-URL": location.href, "X-Change-Id": item.id };
    headers["HX-Target"] = item.target.replace(/^#/, "");
    fetch(item.path, { method: "POST", body: body, headers: headers, credentials: "same-origin", redirect: "manual" })
      .then(function (response) {
        if (response.type === "opaqueredirect" || response.status === 0) {
          throw { kind: "failed", text: "Not saved: this phone must enter the access code again (reload the page). Your change is kept on this phone." };
        }
        if (response.status >= 500 || response.status === 429) {
          return response.text().then(function (text) {
            var reason = (text.match(/data-reason="([^"]*)"/) || [])[1] || "the server could not save (" + response.status + ")";
            throw { kind: "failed", text: "Not saved: " + reason + ". Kept on this phone; trying again…" };
          });
        }
        if (response.status === 401) {
          var access = response.headers.get("HX-Redirect");
          if (access) setTimeout(function () { window.location.href = access; }, 1500);
          throw { kind: "failed", stop: true, text: "Not saved yet: this phone must enter the access code again. Your change is kept on this phone and sent after that." };
        }
        if (response.status === 400 || response.status === 403) {
          throw { kind: "failed", stop: true, text: "Not saved: this page has expired. Reload it: your change is kept on this phone and sent then." };
        }
        return response.text().then(function (text) { acknowledged(item, response, text); });
      })
      .catch(function (err) {
        inFlight = null;
        if (err && err.kind === "failed") {
          setState("failed", err.text);
          showNet(err.text);
          if (!err.stop) schedule();
        } else {
          setState("offline", "Offline: not saved yet. Kept on this phone; it is sent when the connection is back.");
          showNet("You are offline. Your changes are kept on this phone and sent when the connection is back.");
          schedule();
        }
      });
  }

  function acknowledged(item, response, text) {
    queue = queue.filter(function (q) { return q.id !== item.id; });
    keep();
    inFlight = null;
    backoff = 1000;
    showNet(null);
    // (a redirect, Done's, is followed once what was queued after it is sent too)
    pendingRedirect = response.headers.get("HX-Redirect") || response.headers.get("HX-Location") || pendingRedirect;
    if (pendingRedirect && !queue.length) { leaving = true; window.location.href = pendingRedirect; return; }
    var retarget = response.headers.get("HX-Retarget");
    var reswap = response.headers.get("HX-Reswap");
    var target = document.querySelector(retarget || item.target) || status();
    if (text && target && window.htmx) {
      window.htmx.swap(target, text, { swapStyle: reswap || item.swap }, { contextElement: target });
    }
    busy();
    if (retarget) { queue = []; keep(); busy(); return; } // a conflict took the page: the phone chooses
    if (queue.length) { pump(); return; }
    if (restored) { restored = false; window.location.reload(); }
  }

  // Values typed on this phone and not acknowledged yet are shown again after a reload.
  function restoreFields() {
    var last = null;
    for (var i = queue.length - 1; i >= 0; i--) { if (queue[i].coalesce) { last = queue[i]; break; } }
    if (!last) return;
    var form = document.getElementById("entry");
    if (!form) return;
    new URLSearchParams(last.body).forEach(function (value, name) {
      var fields = form.querySelectorAll('[name="' + (window.CSS && CSS.escape ? CSS.escape(name) : name) + '"]');
      Array.prototype.forEach.call(fields, function (field) {
        if (field.type === "checkbox" || field.type === "radio") field.checked = field.value === value;
        else if (field.type !== "hidden" && field.type !== "submit" && field.type !== "button") field.value = value;
      });
    });
  }

  window.addEventListener("online", function () { backoff = 1000; if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; } pump(); });
  window.addEventListener("offline", function () {
    showNet("You are offline. Your changes are kept on this phone and sent when the connection is back.");
    if (queue.length) setState("offline", "Offline: not saved yet. Kept on this phone; it is sent when the connection is back.");
  });

  if (queue.length) {
    restoreFields();
    setState("saving", "Sending the changes kept on this phone…");
    pump();
  }

  // ------------------------------------------------------------------ live updates

  var etag = null;
  // the last live answer (at first: what the page was rendered from)
  var seen = { version: Number(root.getAttribute("data-live-version")), status: root.getAttribute("data-live-status"), seats: [] };
  function poll() {
    if (document.hidden || !liveUrl || leaving) return;
    var headers = {};
    if (etag) headers["If-None-Match"] = etag;
    fetch(liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) return null;
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (live) { if (live && !leaving) changed(live); })
      .catch(function () { /* offline: the save queue says so */ });
  }

  function say(html) {
    var b = banner();
    if (!b) return;
    b.innerHTML = html;
    b.hidden = !html;
  }

  function changed(live) {
    var before = seen.seats.length ? seen : null;
    var renderedFinished = seen.status === "finished";
    seen = live;
    if (seatPos === null) { // the play page: redraw the seats
      if (before && before.version !== live.version && window.htmx && document.getElementById("seats")) {
        window.htmx.ajax("GET", root.getAttribute("data-live-seats"), { target: "#seats", swap: "outerHTML" });
      }
      return;
    }
    var mine = live.seats[Number(seatPos)] || {};
    // deleted, or the players changed so that this place is another player's seat: nothing more
    // is typed here (the server refuses it too: its versions are not this seat's)
    var player = root.getAttribute("data-live-player");
    if (live.status === "deleted" || (player && mine.player !== undefined && mine.player !== player)) {
      say(live.status === "deleted"
        ? '<strong>This play was deleted' + (live.finished_by ? " on " + escapeHtml(live.finished_by) : "") + '.</strong> Nothing more is saved; it can be restored on the <a href="' + live.play_url + '">play page</a>.'
        : '<strong>The players were changed' + (live.finished_by ? " on " + escapeHtml(live.finished_by) : "") + ':</strong> this is not ' + escapeHtml(player) + '\'s seat any more. <a href="' + live.play_url + '">Open the seats</a> to find it.');
      setEntryReadOnly();
      return;
    }
    if (live.status === "finished") {
      var ro = document.querySelector(".ro-banner");
      if (ro) ro.hidden = true; // one message at the top: this one (it says who finished)
      say('<strong>This play was finished' + (live.finished_by ? " on " + escapeHtml(live.finished_by) : "") +
          '.</strong> This seat is read-only now; reopen the play on the <a href="' + live.play_url + '">play page</a> to change it.');
      if (!renderedFinished && (!before || before.status !== "finished")) {
        if (!queue.length && !inFlight) window.location.reload();
        else setEntryReadOnly();
      }
      return;
    }
    if (renderedFinished || (before && before.status === "finished")) { window.location.reload(); return; }
    if (live.ready) {
      say('Everyone is done: <a href="' + live.result_url + '">see the result</a>.');
    } else if (mine.done) {
      var waiting = live.seats.filter(function (s) { return !s.complete; }).map(function (s) { return escapeHtml(s.player); });
      say(waiting.length ? "Waiting for " + waiting.join(", ") + "." : "");
    } else {
      say("");
    }
    var version = currentVersion();
    if (before && version !== null && String(mine.version) !== String(version) && !inFlight && !queue.length) {
      var active = document.activeElement;
      var typing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
      if (!typing) window.location.reload();
      else say("This seat was changed on " + escapeHtml(mine.by || "another phone") + ': <a href="">reload</a> to see it.');
    }
  }

  function setEntryReadOnly() {
    var form = document.getElementById("entry");
    if (form) form.setAttribute("inert", "");
  }
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; });
  }

  if (liveUrl) {
    poll();
    setInterval(poll, POLL_MS);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  }

  // This phone remembers its seat in this play (the play page shows it first).
  if (seatPos !== null) {
    try { localStorage.setItem("scorepad:seat:" + playId, seatPos); } catch (e) { /* private mode */ }
  } else {
    try {
      var mineAt = localStorage.getItem("scorepad:seat:" + playId);
      var link = mineAt !== null ? document.querySelector('[data-seat-position="' + mineAt + '"]') : null;
      if (link) link.classList.add("this-phone");
    } catch (e) { /* private mode */ }
  }
})();
