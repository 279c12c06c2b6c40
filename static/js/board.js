/* Scorepad: the shared screen of a play (templates/plays/board.html, web/routes/board.py).

   Live.  The screen asks /plays/N/live every second (304 while nothing changed).  Before the end,
   when the play's version moves it asks the board again for its progress block (HX-Request) and
   puts it in place, then sets data-live-applied="VERSION" on #board: the signal that a live update
   is on the screen.  When every seat is done it reloads into the reveal; during the reveal, any
   change reloads it at the same step (kept in the address: #step-N).

   The reveal.  The page holds the whole pad; every part says at which step it shows (data-show),
   the winner's name is marked at its step (data-mark), each total lists its running value per step
   (data-running).  This script only steps: a tap or a click on the pad, the space bar, Enter or the
   arrow keys (Back: ← ↑ PageUp Backspace; Home, End), the buttons, or on its own every few seconds.
   With prefers-reduced-motion the totals jump instead of counting up and nothing fades.
   Without JavaScript every step shows at once: the plain pad. */
(function () {
  "use strict";
  var root = document.getElementById("board");
  if (!root) return;
  var mode = root.getAttribute("data-mode");
  var liveUrl = root.getAttribute("data-live-url");
  var version = String(root.getAttribute("data-version"));
  var etag = null;
  var POLL_MS = 1000;
  var busy = false;

  // ------------------------------------------------------------------ live
  function reload() {
    busy = true;
    window.location.reload();
  }

  function applyProgress(live) {
    busy = true;
    return fetch(root.getAttribute("data-progress-url"), {
      headers: { "HX-Request": "true" }, cache: "no-store", credentials: "same-origin"
    }).then(function (r) {
      if (!r.ok) throw new Error("progress " + r.status);
      return r.text();
    }).then(function (html) {
      var old = document.getElementById("board-progress");
      var box = document.createElement("div");
      box.innerHTML = html;
      var fresh = box.querySelector("#board-progress");
      if (old && fresh) old.replaceWith(fresh);
      version = String(live.version);
      root.setAttribute("data-live-applied", version);
    }).finally(function () { busy = false; });
  }

  function changed(live) {
    if (live.status === "deleted") return reload();
    if (mode === "waiting") {
      if (live.ready) return reload();
      if (String(live.version) !== version) return applyProgress(live);
      return null;
    }
    if (!live.ready || String(live.version) !== version) return reload();
    return null;
  }

  function poll() {
    if (busy || document.hidden) return schedule();
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(liveUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 304 || !r.ok) return null;
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then(function (live) { return live ? changed(live) : null; })
      .catch(function () { /* no connection for a moment: the next poll tries again */ })
      .then(schedule);
  }

  function schedule() {
    if (!busy) window.setTimeout(poll, POLL_MS);
  }

  if (liveUrl) schedule();
  if (mode !== "reveal") return;

  // ------------------------------------------------------------------ the reveal
  var last = Number(root.getAttribute("data-last-step"));
  var captions = JSON.parse(root.getAttribute("data-captions") || "[]");
  var autoMs = 1000 * Number(root.getAttribute("data-auto-seconds") || 4);
  var shows = root.querySelectorAll("[data-show]");
  var marks = root.querySelectorAll("[data-mark]");
  var rows = root.querySelectorAll("tr[data-row]");
  var totals = root.querySelectorAll("[data-running]");
  var caption = document.getElementById("board-caption");
  var count = document.getElementById("board-count");
  var controls = document.getElementById("board-controls");
  var stage = document.getElementById("board-stage");
  var back = controls.querySelector('[data-go="back"]');
  var next = controls.querySelector('[data-go="next"]');
  var auto = controls.querySelector('[data-go="auto"]');
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  var step = -1;
  var timer = null;

  function countTo(el, target, animate) {
    var from = Number(el.getAttribute("data-value"));
    el.setAttribute("data-value", String(target));
    if (el._frame) window.cancelAnimationFrame(el._frame);
    if (!animate || isNaN(from) || from === target) { el.textContent = String(target); return; }
    var start = null;
    var tick = function (now) {
      if (start === null) start = now;
      var t = Math.min(1, (now - start) / 600);
      el.textContent = String(Math.round(from + (target - from) * (1 - Math.pow(1 - t, 3))));
      el._frame = t < 1 ? window.requestAnimationFrame(tick) : null;
    };
    el._frame = window.requestAnimationFrame(tick);
  }

  function go(to) {
    to = Math.max(0, Math.min(last, to));
    var animate = to === step + 1 && !reduced.matches;
    step = to;
    shows.forEach(function (el) {
      if (Number(el.getAttribute("data-show")) > step) el.setAttribute("data-future", "");
      else el.removeAttribute("data-future");
    });
    marks.forEach(function (el) { el.classList.toggle("win", Number(el.getAttribute("data-mark")) <= step); });
    rows.forEach(function (tr) { tr.toggleAttribute("data-current", Number(tr.getAttribute("data-row")) === step); });
    totals.forEach(function (el) {
      var list = el.getAttribute("data-running").split(" ").map(Number);
      countTo(el, list[Math.min(step, list.length - 1)], animate);
    });
    caption.textContent = captions[step] || "";
    count.textContent = step + " / " + last;
    back.disabled = step === 0;
    next.disabled = step === last;
    if (step === last) stopAuto();
    if (animate || to === last) reveal(root.querySelector('[data-show="' + step + '"]:not(td)'));
    root.setAttribute("data-step", String(step));
    if (window.history.replaceState) window.history.replaceState(null, "", "#step-" + step);
  }

  // a part shown below the pad (a phone): brought into view (the pad itself never moves on the page)
  function reveal(el) {
    if (!el) return;
    var box = el.getBoundingClientRect();
    if (box.top < window.innerHeight - 80 && box.bottom > 0) return;
    el.scrollIntoView({ block: "start", behavior: reduced.matches ? "auto" : "smooth" });
  }

  function stopAuto() {
    if (timer) window.clearInterval(timer);
    timer = null;
    auto.setAttribute("aria-pressed", "false");
    auto.textContent = "Play on its own";
    root.removeAttribute("data-auto");
  }

  function startAuto() {
    if (step === last) go(0);
    timer = window.setInterval(function () { go(step + 1); }, autoMs);
    auto.setAttribute("aria-pressed", "true");
    auto.textContent = "Pause";
    root.setAttribute("data-auto", "on");
  }

  controls.addEventListener("click", function (e) {
    var button = e.target.closest("[data-go]");
    if (!button) return;
    var what = button.getAttribute("data-go");
    if (what === "auto") return timer ? stopAuto() : startAuto();
    stopAuto();
    go(what === "back" ? step - 1 : what === "next" ? step + 1 : last);
  });

  stage.addEventListener("click", function (e) {
    if (e.target.closest("a, button, input, select, textarea, summary")) return;
    stopAuto();
    go(step + 1);
  });

  var FORWARD = { " ": 1, Spacebar: 1, Enter: 1, ArrowRight: 1, ArrowDown: 1, PageDown: 1 };
  var BACKWARD = { ArrowLeft: 1, ArrowUp: 1, PageUp: 1, Backspace: 1 };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var interactive = e.target.closest && e.target.closest("a, button, input, select, textarea, summary");
    if (interactive && (e.key === " " || e.key === "Enter")) return; // the control's own action
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    var to = FORWARD[e.key] ? step + 1 : BACKWARD[e.key] ? step - 1 : e.key === "Home" ? 0 : e.key === "End" ? last : null;
    if (to === null) return;
    e.preventDefault();
    stopAuto();
    go(to);
  });

  var asked = /^#step-(\d+)$/.exec(window.location.hash);
  caption.hidden = false;
  controls.hidden = false;
  root.classList.add("stepping");
  go(asked ? Number(asked[1]) : 0);
})();
