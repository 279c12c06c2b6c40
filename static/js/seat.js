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
  // (said on <html> as data-leaving too, for the games' own scripts: Vadoran's reload when stale)
  function leave() { leaving = true; document.documentElement.setAttribute("data-leaving", ""); }
  var retryTimer = null;
  var backoff = 1000;
  var tries = 0; // sends of the change at the head of the queue that got no answer

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
    agree();
  }
  // Every data-save-state on the page says the same: the <html> element's follows the status
  // region's (which an answer swapped in may have changed: "saved", or "failed" for a refusal).
  function agree() {
    var s = status();
    if (s && s.hasAttribute("data-save-state")) {
      document.documentElement.setAttribute("data-save-state", s.getAttribute("data-save-state"));
    } else if (KEY) {
      document.documentElement.removeAttribute("data-save-state"); // (a conflict screen took the page)
    }
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
    if (typedTimer) { clearTimeout(typedTimer.id); typedTimer = null; }
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

  // Save and Done submit the entry form.  Where htmx does not take the submit itself (the form
  // autosaves on "change" only), it still goes through the queue: after the autosave on its way,
  // with the newest version, answered with HX-Redirect (Done) or the status (Save, or why not).
  // A native post racing the queue could be cancelled by a live reload and leave the player on
  // the seat page without a word.
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (!KEY || evt.defaultPrevented || !form || !form.getAttribute) return;
    var path = form.getAttribute("hx-post");
    if (!path || (form.closest && form.closest("[data-no-queue]"))) { leave(); return; } // a plain post: a new page
    evt.preventDefault();
    var body = new URLSearchParams();
    new FormData(form).forEach(function (value, name) { if (typeof value === "string") body.append(name, value); });
    var by = evt.submitter;
    if (by && by.name) body.append(by.name, by.value || "");
    enqueue({
      id: uid(),
      path: path,
      body: body.toString(),
      target: form.getAttribute("hx-target") || "#status",
      swap: (form.getAttribute("hx-swap") || "outerHTML").split(/\s+/)[0],
      coalesce: false,
      at: Date.now()
    });
    pump();
  });

  // Typed into a field that autosaves after a pause: the change is on its way from the first key
  // ("saving" at once, not after the pause).  If the pause passes and nothing was sent (the field
  // is back to the value last sent: htmx sends only a changed value), the status says again what
  // it said before.
  var typedTimer = null;
  document.addEventListener("input", function (evt) {
    var field = evt.target;
    var form = field && field.form;
    if (!KEY || !form || !form.getAttribute("hx-post") || field.hasAttribute("hx-get")) return;
    var delay = /input[^,]*delay:(\d+)ms/.exec(form.getAttribute("hx-trigger") || "");
    if (!delay) return;
    var s = status();
    var before = typedTimer || !s ? null : { state: s.getAttribute("data-save-state"), text: (s.querySelector(".save-state") || {}).textContent };
    if (typedTimer) { clearTimeout(typedTimer.id); before = typedTimer.before; }
    setState("saving", "Saving…");
    typedTimer = { before: before, id: setTimeout(function () {
      var was = typedTimer && typedTimer.before;
      typedTimer = null;
      if (!queue.length && !inFlight && was) setState(was.state, was.text);
    }, Number(delay[1]) + 2000) };
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
        tries += 1; // the signal that the change was tried and is still waiting (data-save-tries)
        document.documentElement.setAttribute("data-save-tries", String(tries));
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
    tries = 0;
    document.documentElement.removeAttribute("data-save-tries");
    queue = queue.filter(function (q) { return q.id !== item.id; });
    keep();
    inFlight = null;
    backoff = 1000;
    showNet(null);
    // (a redirect, Done's, is followed once what was queued after it is sent too)
    pendingRedirect = response.headers.get("HX-Redirect") || response.headers.get("HX-Location") || pendingRedirect;
    if (pendingRedirect && !queue.length) { leave(); window.location.href = pendingRedirect; return; }
    var retarget = response.headers.get("HX-Retarget");
    var reswap = response.headers.get("HX-Reswap");
    var target = document.querySelector(retarget || item.target) || status();
    if (text && target && window.htmx) {
      window.htmx.swap(target, text, { swapStyle: reswap || item.swap }, { contextElement: target });
    }
    busy();
    agree();
    if (retarget) { queue = []; keep(); busy(); return; } // a conflict took the page: the phone chooses
    if (queue.length) { pump(); return; }
    if (restored) { restored = false; reload(); }
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
  } else {
    agree();
  }

  // ------------------------------------------------------------------ live updates

  var etag = null;
  // the last live answer (at first: what the page was rendered from; the first answer is compared
  // with that too, so a page drawn before another phone's change, or kept from earlier, catches up)
  var seen = { version: Number(root.getAttribute("data-live-version")), status: root.getAttribute("data-live-status"), seats: [] };

  // The signal of the live check, for whoever waits on this page (a person or a test):
  // data-live-applied on #live-root is the play version of the last live answer this page has
  // taken in (it shows that version, or says it is behind), or "reloading" once it reloads itself.
  function applied(what) { root.setAttribute("data-live-applied", String(what)); }
  function reload() { leave(); applied("reloading"); window.location.reload(); }
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
    var before = seen;
    var renderedFinished = seen.status === "finished";
    seen = live;
    if (seatPos === null) { // the play page: redraw the seats
      if (before.version !== live.version && window.htmx && document.getElementById("seats")) {
        window.htmx.ajax("GET", root.getAttribute("data-live-seats"), { target: "#seats", swap: "outerHTML" })
          .then(function () { applied(live.version); });
      } else {
        applied(live.version);
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
      applied(live.version);
      return;
    }
    if (live.status === "finished") {
      var ro = document.querySelector(".ro-banner");
      if (ro) ro.hidden = true; // one message at the top: this one (it says who finished)
      say('<strong>This play was finished' + (live.finished_by ? " on " + escapeHtml(live.finished_by) : "") +
          '.</strong> This seat is read-only now; reopen the play on the <a href="' + live.play_url + '">play page</a> to change it.');
      if (!renderedFinished && before.status !== "finished") {
        if (!queue.length && !inFlight) { reload(); return; }
        setEntryReadOnly();
      }
      applied(live.version);
      return;
    }
    if (renderedFinished || before.status === "finished") { reload(); return; }
    if (live.ready) {
      say('Everyone is done: <a href="' + live.result_url + '">see the result</a>.');
    } else if (mine.done) {
      var waiting = live.seats.filter(function (s) { return !s.complete; }).map(function (s) { return escapeHtml(s.player); });
      say(waiting.length ? "Waiting for " + waiting.join(", ") + "." : "");
    } else {
      say("");
    }
    var version = currentVersion();
    if (version !== null && String(mine.version) !== String(version) && !inFlight && !queue.length) {
      var active = document.activeElement;
      var typing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
      if (!typing) { reload(); return; }
      say("This seat was changed on " + escapeHtml(mine.by || "another phone") + ': <a href="">reload</a> to see it.');
    }
    applied(live.version);
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

  // A page on its way to another (a link tapped, a form posted, Done) is not reloaded by a live
  // check under the player's finger: the reload would cancel that navigation.
  if (window.navigation && window.navigation.addEventListener) {
    window.navigation.addEventListener("navigate", function (evt) {
      if (!evt.hashChange && !evt.downloadRequest && !(evt.destination && evt.destination.sameDocument)) leave();
    });
    window.navigation.addEventListener("navigateerror", function () {
      leaving = false;
      document.documentElement.removeAttribute("data-leaving");
    });
  } else {
    document.addEventListener("click", function (evt) {
      var link = evt.target && evt.target.closest ? evt.target.closest("a[href]") : null;
      if (link && !evt.defaultPrevented && !link.target && !link.hasAttribute("download") && link.getAttribute("href").charAt(0) !== "#") leave();
    });
  }

  // Back to a page kept whole in the browser's memory (the back/forward cache): it shows what was
  // stored when the player left it; another phone may have changed the seat since.  Nothing
  // waiting: reload it (the server says what is stored); else send what waits, as after a reload.
  window.addEventListener("pageshow", function (evt) {
    if (!evt.persisted) return;
    leaving = false;
    document.documentElement.removeAttribute("data-leaving");
    if (queue.length || inFlight) { pump(); return; }
    reload();
  });

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
