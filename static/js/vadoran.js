/* Vadoran Gardens entry: paint the garden with pointer events (tap or drag), a garden that grows
 * by itself at its edges, pan buttons (and two-finger panning), quick-mode rows.
 *
 * The garden lives in the form's textarea (compact text: one line per row, one token per square),
 * which is what the form posts.  A stroke (pointer down ... up) changes the squares under the
 * finger, writes the textarea once and fires one "change": the page's save queue (seat.js) then
 * saves it.  Painting a square on the last column or row adds a blank one beyond it at once (the
 * finger can go on into it); on the first column or row, when the stroke ends.  Squares are at
 * least 40 px, and the grid has at least as many columns as fill its box: a garden wider than the
 * screen scrolls inside its box, by the pan buttons (half the box, in whole squares; at the garden's
 * end they add blank room) or two fingers.  No gesture depends on time: a stroke paints every
 * square on the finger's path (every point the browser saw, joined by straight lines), however few
 * move events a slow phone delivers.  The areas and their outlines come back from the server
 * (#vad-areas in the live block, computed by the engine) and are drawn when they belong to the
 * garden on screen.  Steppers are the shared ones (stepper.js).
 */
(function () {
  "use strict";

  var CELL_MIN = 40, CELL_MAX = 56; // px: a finger's square, and the most a small garden is drawn at

  /* The token grammar comes from the engine (scoring/vadoran/garden.py, grammar()): the page
   * writes it into the form's data-grammar attribute, so nothing here restates it. */
  function grammarOf(form) {
    var g = JSON.parse(form.dataset.grammar);
    return {
      letters: g.terrains, none: g.no_card, mark: g.markers, sand: g.sand,
      token: new RegExp(g.token), task: new RegExp(g.task), ret: new RegExp(g["return"]),
      maxRows: g.max_rows, maxColumns: g.max_columns
    };
  }

  function init(form) {
    var text = form.querySelector("#garden-text");
    var table = form.querySelector("#garden");
    if (!text || !table || !form.dataset.grammar) return;
    var G = grammarOf(form);
    var LETTERS = G.letters;
    var startRows = +form.dataset.startRows || 1, startColumns = +form.dataset.startColumns || 1;
    var readonly = form.classList.contains("readonly");
    var scroller = form.querySelector("#garden-scroll");
    var panBar = form.querySelector("#garden-pan");
    var panWhere = form.querySelector("#garden-where");
    var pressed = form.querySelector(".brush[aria-pressed=true]");
    var brush = pressed ? pressed.dataset.brush : Object.keys(LETTERS)[0];
    var rows = [];
    var stroke = null, pan = null, fingers = {}, capacity = 0;
    var base = 0; // the garden's width: what is beyond it on screen is room to paint into
    var cell = CELL_MAX;
    var areas = null; // the last areas from the server: {garden, owners, marks}

    function parseToken(token) {
      if (token === G.none || token === "") return null;
      var m = G.token.exec(token);
      if (!m) return { raw: token };
      var task = G.task.exec(m[2]);
      var rest = m[2].replace(G.task, "");
      var ret = G.ret.exec(rest);
      return { t: m[1].toLowerCase(), task: task ? task[0] : null, tablet: rest.indexOf(G.mark.tablet) >= 0, ret: ret ? ret[0] : null };
    }
    function tokenOf(sq) {
      if (!sq) return G.none;
      if (sq.raw) return sq.raw;
      return sq.t + (sq.task || "") + (sq.tablet ? G.mark.tablet : "") + (sq.ret || "");
    }
    function width() { return rows[0] ? rows[0].length : 0; }
    function blankRow() { var r = []; for (var i = 0; i < width(); i++) r.push(null); return r; }

    form.classList.add("js");
    var details = form.querySelector("details.as-text");
    if (details) details.open = false;

    function load(source) {
      var lines = source.split(/\r?\n/);
      while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
      rows = lines.map(function (line) { return line.trim() ? line.trim().split(/\s+/).map(parseToken) : []; });
      var most = 0;
      rows.forEach(function (r) { most = Math.max(most, r.length); });
      if (!most) {
        rows = [];
        for (var i = 0; i < startRows; i++) { rows.push([]); for (var j = 0; j < startColumns; j++) rows[i].push(null); }
        most = startColumns;
      }
      rows.forEach(function (r) { while (r.length < most) r.push(null); });
      base = most;
      fill();
    }
    /* At least as many columns as fill the box at 40 px (blank room to paint into, not saved). */
    function fill() {
      if (readonly || !scroller.clientWidth) return;
      capacity = Math.min(G.maxColumns, Math.floor(scroller.clientWidth / CELL_MIN));
      rows.forEach(function (r) { while (r.length < capacity) r.push(null); });
    }
    /* The garden as saved: the room on screen beyond it is not part of it (see growFrom). */
    function gardenText() {
      var keep = Math.min(base, width());
      return rows.map(function (r) { return r.slice(0, keep).map(tokenOf).join(" "); }).join("\n");
    }

    function cellLabel(sq, r, c, letter) {
      var what = !sq ? "no card" : sq.raw ? "unreadable " + sq.raw : LETTERS[sq.t];
      if (sq && sq.task) what += ", task";
      if (sq && sq.tablet) what += ", tablet";
      if (sq && sq.ret) what += ", return location";
      return "Garden row " + (r + 1) + ", square " + (c + 1) + ": " + what + (letter ? ", area " + letter : "");
    }
    // A mark on a square is drawn by CSS from data-text: the square's name is its whole text.
    function mark(cls, content) {
      var span = document.createElement("span");
      span.className = "mk " + cls;
      span.setAttribute("aria-hidden", "true");
      if (content) span.dataset.text = content;
      return span;
    }

    function drawCell(button) {
      var r = +button.dataset.r, c = +button.dataset.c;
      var sq = rows[r][c];
      var keep = Array.prototype.filter.call(button.classList, function (k) {
        return k === "in-area" || k === "scores" || k === "fails" || k.indexOf("e-") === 0;
      });
      button.className = "sq " + (sq && sq.t ? "t-" + LETTERS[sq.t] : "t-none") + (sq && sq.raw ? " bad" : "");
      keep.forEach(function (k) { button.classList.add(k); });
      var label = button.querySelector(".lbl");
      button.textContent = "";
      if (label) button.appendChild(label);
      if (sq && sq.task) button.appendChild(mark("task", ""));
      if (sq && sq.tablet) button.appendChild(mark("tablet", G.mark.tablet));
      if (sq && sq.ret) button.appendChild(mark("ret", G.mark["return"]));
      if (sq && sq.raw) button.appendChild(mark("raw", "?"));
      button.setAttribute("aria-label", cellLabel(sq, r, c, label ? label.dataset.text : ""));
    }
    function newCell(r, c) {
      var td = document.createElement("td");
      var b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.dataset.r = r;
      b.dataset.c = c;
      if (readonly) b.disabled = true;
      td.appendChild(b);
      drawCell(b);
      return td;
    }

    function draw() {
      var body = document.createElement("tbody");
      rows.forEach(function (row, r) {
        var tr = document.createElement("tr");
        row.forEach(function (sq, c) { tr.appendChild(newCell(r, c)); });
        body.appendChild(tr);
      });
      table.replaceChild(body, table.tBodies[0]);
      size();
      decorate();
    }

    /* Squares fill the box's width, from 40 to 56 px; a wider garden scrolls inside its box.
     * During a stroke the size stays put, so no square moves under the finger. */
    function size() {
      table.setAttribute("aria-label", "The visible garden, " + rows.length + " rows by " + width() + " squares");
      if (!stroke) cell = Math.max(CELL_MIN, Math.min(CELL_MAX, Math.floor(scroller.clientWidth / Math.max(1, width()))));
      table.style.width = width() * cell + "px";
      if (!stroke) form.classList.toggle("wide", width() * cell > scroller.clientWidth + 1);
      where();
    }

    /* The pan buttons: the part of the garden on screen ("Squares 6-13 of 14"), and a move by half
     * the box (whole squares, so a column starts at the box's left side).  Moving right at the
     * garden's end adds blank room to paint into (up to the engine's largest garden). */
    function where() {
      if (!panBar) return;
      var first = Math.min(width(), Math.ceil(scroller.scrollLeft / cell - 0.01) + 1);
      var last = Math.min(width(), Math.floor((scroller.scrollLeft + scroller.clientWidth) / cell + 0.01));
      panWhere.textContent = "Squares " + first + "\u2013" + Math.max(first, last) + " of " + width();
      panBar.querySelector("[data-pan='-1']").disabled = scroller.scrollLeft < 1;
      var end = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
      panBar.querySelector("[data-pan='1']").disabled = end && (readonly || width() >= G.maxColumns);
    }
    function panBy(dir) {
      if (stroke) return;
      var step = Math.max(1, Math.ceil(scroller.clientWidth / cell / 2));
      var at = Math.max(0, Math.round(scroller.scrollLeft / cell) + dir * step);
      if (dir > 0 && !readonly) {
        var need = Math.min(G.maxColumns, at + Math.ceil(scroller.clientWidth / CELL_MIN));
        if (need > width()) {
          rows.forEach(function (r) { while (r.length < need) r.push(null); });
          draw();
        }
      }
      scroller.scrollLeft = at * cell;
      where();
    }

    /* Outline the areas the server found, when they are the areas of the garden on screen. */
    function decorate() {
      var live = document.getElementById("vad-areas");
      if (live) {
        try {
          areas = { garden: live.dataset.garden, owners: JSON.parse(live.dataset.owners || "[]"), marks: JSON.parse(live.dataset.marks || "[]") };
        } catch (e) { areas = null; }
      }
      var fresh = !!areas && areas.garden === gardenText();
      table.classList.toggle("stale", !fresh);
      if (!fresh) return;
      var owners = areas.owners, seen = {};
      function owner(r, c) { return owners[r] && owners[r][c] !== undefined ? owners[r][c] : -1; }
      table.querySelectorAll(".sq").forEach(function (b) {
        var r = +b.dataset.r, c = +b.dataset.c, a = owner(r, c);
        ["in-area", "scores", "fails", "e-t", "e-r", "e-b", "e-l"].forEach(function (k) { b.classList.remove(k); });
        var old = b.querySelector(".lbl");
        if (old) old.remove();
        var info = a >= 0 ? areas.marks[a] : null;
        var letter = "";
        if (info && info.letter) {
          b.classList.add("in-area", info.scores ? "scores" : "fails");
          if (owner(r - 1, c) !== a) b.classList.add("e-t");
          if (owner(r, c + 1) !== a) b.classList.add("e-r");
          if (owner(r + 1, c) !== a) b.classList.add("e-b");
          if (owner(r, c - 1) !== a) b.classList.add("e-l");
          if (!seen[a]) {
            seen[a] = true;
            letter = info.letter;
            var lbl = mark("lbl", letter);
            lbl.className = "lbl";
            b.insertBefore(lbl, b.firstChild);
          }
        }
        b.setAttribute("aria-label", cellLabel(rows[r][c], r, c, letter));
      });
    }

    function commit() {
      text.value = gardenText();
      text.dispatchEvent(new Event("change", { bubbles: true }));
    }

    /* What one brush does to one square; true when the square changed. */
    function paint(r, c) {
      var sq = rows[r][c];
      var before = tokenOf(sq);
      if (brush === G.none) {
        rows[r][c] = null;
      } else if (LETTERS[brush]) {
        sq = rows[r][c] = sq && !sq.raw ? sq : { t: brush, task: null, tablet: false, ret: null };
        if (sq.t !== brush && sq.ret) sq.ret = G.mark["return"]; // the return location takes this terrain's item
        sq.t = brush;
        if (brush === G.sand) { sq.task = null; sq.ret = null; }
      } else if (sq && !sq.raw) {
        var key = brush === G.mark.task ? "task" : brush === G.mark.tablet ? "tablet" : "ret";
        if (key !== "tablet" && sq.t === G.sand) return false; // no task or "5" on sand
        var has = !!sq[key];
        if (stroke.on === null) stroke.on = !has;
        if (has === stroke.on) return false;
        sq[key] = stroke.on ? (key === "task" ? G.mark.task : key === "tablet" ? true : G.mark["return"]) : (key === "tablet" ? false : null);
      }
      return tokenOf(rows[r][c]) !== before;
    }

    /* A painted square on the edge: a blank column or row beyond it (right and below at once,
     * left and above when the stroke ends, so nothing moves under the finger). */
    function growFrom(r, c) {
      if (!rows[r][c]) return;
      if (c >= base - 1) base = Math.min(G.maxColumns, c + 2); // the garden takes in the room up to it, and one more
      if (c === width() - 1 && width() < G.maxColumns) {
        rows.forEach(function (row, i) { row.push(null); table.rows[i].appendChild(newCell(i, row.length - 1)); });
        size();
        stroke.grew = true;
      }
      if (r === rows.length - 1 && rows.length < G.maxRows) {
        rows.push(blankRow());
        var tr = table.tBodies[0].insertRow();
        for (var j = 0; j < width(); j++) tr.appendChild(newCell(rows.length - 1, j));
        stroke.grew = true;
      }
      if (c === 0) stroke.left = true;
      if (r === 0) stroke.top = true;
    }

    function touch(button) {
      if (!button || !stroke) return;
      var key = button.dataset.r + "," + button.dataset.c;
      if (stroke.seen[key]) return;
      stroke.seen[key] = true;
      var r = +button.dataset.r, c = +button.dataset.c;
      if (paint(r, c)) { stroke.changed = true; drawCell(button); }
      growFrom(r, c);
    }
    function squareAt(x, y) {
      var el = document.elementFromPoint(x, y);
      var b = el && el.closest ? el.closest(".sq") : null;
      return b && table.contains(b) ? b : null;
    }
    /* The finger went from the stroke's last point to (x, y): every square on the straight line
     * between them, sampled every quarter square (a slow phone may deliver a move event per many
     * squares; its coalesced points keep the path's corners). */
    function along(x, y) {
      var x0 = stroke.x, y0 = stroke.y;
      var n = Math.max(1, Math.ceil(Math.max(Math.abs(x - x0), Math.abs(y - y0)) / (cell / 4)));
      for (var i = 1; i <= n; i++) touch(squareAt(x0 + (x - x0) * i / n, y0 + (y - y0) * i / n));
      stroke.x = x;
      stroke.y = y;
    }

    function end() {
      if (!stroke) return;
      var done = stroke;
      stroke = null;
      form.classList.remove("painting");
      var left = done.left && width() < G.maxColumns, top = done.top && rows.length < G.maxRows;
      if (left) { rows.forEach(function (row) { row.unshift(null); }); base++; }
      if (top) rows.unshift(blankRow());
      if (left || top || done.grew) { fill(); draw(); } else size();
      if (left) scroller.scrollLeft += cell;
      if (top) window.scrollBy(0, cell);
      if (done.changed || left || top || done.grew) commit();
    }
    function cancel() { // a second finger: this was the start of a pan, not a stroke
      if (!stroke) return;
      var before = stroke.before;
      stroke = null;
      form.classList.remove("painting");
      load(before);
      draw();
    }

    function fingerCount() { return Object.keys(fingers).length; }
    function middle() {
      var x = 0, y = 0, ids = Object.keys(fingers);
      ids.forEach(function (id) { x += fingers[id].x; y += fingers[id].y; });
      return { x: x / ids.length, y: y / ids.length };
    }

    table.addEventListener("pointerdown", function (e) {
      if (readonly || (e.pointerType === "mouse" && e.button !== 0)) return;
      var b = e.target.closest(".sq");
      if (!b) return;
      e.preventDefault();
      if (e.pointerType === "touch") fingers[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (fingerCount() >= 2) {
        cancel();
        pan = { at: middle(), left: scroller.scrollLeft, top: window.scrollY };
        return;
      }
      if (pan) return;
      stroke = { id: e.pointerId, seen: {}, on: null, changed: false, before: gardenText(), x: e.clientX, y: e.clientY };
      form.classList.add("painting");
      touch(b);
    });
    document.addEventListener("pointermove", function (e) {
      if (fingers[e.pointerId]) fingers[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (pan) {
        var m = middle();
        scroller.scrollLeft = pan.left - (m.x - pan.at.x);
        window.scrollTo(window.scrollX, pan.top - (m.y - pan.at.y));
        return;
      }
      if (stroke && e.pointerId === stroke.id) {
        var points = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
        (points.length ? points : [e]).forEach(function (p) { along(p.clientX, p.clientY); });
      }
    });
    function lift(e) {
      delete fingers[e.pointerId];
      if (pan) { if (!fingerCount()) pan = null; return; }
      if (stroke && e.pointerId === stroke.id) end();
    }
    document.addEventListener("pointerup", lift);
    document.addEventListener("pointercancel", lift);
    // Keyboard: Enter or Space on a square paints it (a pointer tap already did).
    table.addEventListener("click", function (e) {
      var b = e.target.closest(".sq");
      if (!b || readonly || e.detail !== 0) return;
      stroke = { id: null, seen: {}, on: null, changed: false, before: gardenText() };
      touch(b);
      end();
    });

    // A brush is picked as soon as the finger touches it (a quick tap right after a stroke may
    // not become a click on phones); click covers the keyboard.
    form.querySelectorAll(".brush").forEach(function (button) {
      function pick() {
        brush = button.dataset.brush;
        form.querySelectorAll(".brush").forEach(function (o) { o.setAttribute("aria-pressed", o === button ? "true" : "false"); });
      }
      button.addEventListener("pointerdown", pick);
      button.addEventListener("click", pick);
    });

    // The pan buttons act as the finger touches them (like the brushes: a quick tap right after a
    // stroke may not become a click on phones); a click from the keyboard (detail 0) too.
    if (panBar) {
      panBar.hidden = false;
      panBar.querySelectorAll("[data-pan]").forEach(function (button) {
        var dir = +button.dataset.pan;
        button.addEventListener("pointerdown", function (e) {
          if (e.pointerType === "mouse" && e.button !== 0) return;
          e.preventDefault();
          panBy(dir);
        });
        button.addEventListener("click", function (e) { if (e.detail === 0) panBy(dir); });
      });
      scroller.addEventListener("scroll", where);
    }

    // Typing the garden as text redraws the grid (the form saves the text itself).
    text.addEventListener("input", function () { load(text.value); draw(); });
    document.body.addEventListener("htmx:afterSettle", function () { decorate(); });
    window.addEventListener("resize", function () {
      if (stroke) return;
      var had = capacity;
      fill();
      if (capacity > had) draw(); else size();
    });

    load(text.value);
    draw();
  }

  /* Quick mode: another blank area row (the page shows a few; without JavaScript the button posts). */
  function initQuick(form) {
    var add = form.querySelector("#qa-add");
    var tpl = form.querySelector("#qa-template");
    var list = form.querySelector("#qa-rows");
    if (!add || !tpl || !list) return;
    add.addEventListener("click", function (e) {
      e.preventDefault();
      var next = 0;
      list.querySelectorAll(".qa-row").forEach(function (r) { next = Math.max(next, +r.dataset.index + 1); });
      var holder = document.createElement("div");
      holder.innerHTML = tpl.innerHTML.replace(/__i__/g, String(next)).replace(/__n__/g, String(next + 1));
      var row = holder.firstElementChild;
      list.appendChild(row);
      row.querySelector("select").focus();
    });
  }

  /* What this phone changed since the page was loaded (the form's "touched" list, written before
   * the save reads the form): the server takes those fields and keeps the seat's own values for the
   * rest, so a field another phone changed meanwhile is never sent back stale.  And when a save's
   * answer says this page shows values older than the seat's (data-stale), the page reloads as soon
   * as nothing is waiting, no finger paints and no field is being typed into. */
  function initTouched(form) {
    var touched = document.createElement("input");
    touched.type = "hidden";
    touched.name = "touched";
    touched.value = "";
    form.appendChild(touched);
    function mark(e) {
      var name = e.target && e.target.name;
      if (!name || name === "touched" || (" " + touched.value + " ").indexOf(" " + name + " ") >= 0) return;
      touched.value = (touched.value + " " + name).trim();
    }
    form.addEventListener("input", mark, true);
    form.addEventListener("change", mark, true);
    var waiting = false;
    function reloadWhenIdle() {
      var live = document.getElementById("vad-live");
      if (!waiting && !(live && live.dataset.stale)) return;
      if (document.documentElement.hasAttribute("data-leaving")) return; // (Done, a link: on the way out)
      waiting = true;
      var active = document.activeElement;
      var typing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.type !== "radio";
      var last = +(sessionStorage.getItem("vadoran:refreshed") || 0);
      if (typing || form.classList.contains("htmx-request") || form.classList.contains("painting") || Date.now() - last < 5000) {
        setTimeout(reloadWhenIdle, 700); // (at most every 5 s, should the seat never match the form)
        return;
      }
      sessionStorage.setItem("vadoran:refreshed", String(Date.now()));
      window.location.reload();
    }
    document.body.addEventListener("htmx:afterSettle", reloadWhenIdle);
    form.addEventListener("focusout", function () { setTimeout(reloadWhenIdle, 50); });
    document.addEventListener("pointerup", function () { setTimeout(reloadWhenIdle, 50); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.vad");
    if (!form) return;
    if (!form.classList.contains("readonly")) initTouched(form);
    // These buttons post the form without JavaScript; here the script does their work, and
    // without a name they are not sent along with a save.
    form.querySelectorAll("button[name=grow], button[name=add_area]").forEach(function (b) { b.removeAttribute("name"); });
    init(form);
    initQuick(form);
  });
})();
