/* Vadoran Gardens entry: paint the garden with pointer events (tap or drag), grow it, steppers.
 *
 * The garden lives in the form's textarea (compact text: one line per row, one token per square),
 * which is what the form posts.  A stroke (pointer down ... up) changes the squares under the
 * finger, writes the textarea once and fires one "change": htmx then autosaves.  The areas and
 * their outlines come back from the server (#vad-areas in the live block, computed by the engine)
 * and are drawn when they match the garden on screen.
 */
(function () {
  "use strict";

  /* The token grammar comes from the engine (scoring/vadoran/garden.py, grammar()): the page
   * writes it into the form's data-grammar attribute, so nothing here restates it. */
  function grammarOf(form) {
    var g = JSON.parse(form.dataset.grammar);
    var sand = null;
    Object.keys(g.terrains).forEach(function (letter) { if (g.terrains[letter] === "sand") sand = letter; });
    return {
      letters: g.terrains,
      none: g.no_card,
      mark: g.markers,
      sand: sand,
      token: new RegExp(g.token),
      task: new RegExp(g.task),
      ret: new RegExp(g["return"]),
      maxRows: g.max_rows,
      maxColumns: g.max_columns
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
    var brush = Object.keys(LETTERS)[0];
    var rows = [];
    var stroke = null;
    var areas = null; // the last areas from the server: {garden, owners, marks}

    function parseToken(token) {
      if (token === G.none || token === "") return null;
      var m = G.token.exec(token);
      if (!m) return { raw: token };
      var task = G.task.exec(m[2]);
      var rest = m[2].replace(G.task, "");
      var ret = G.ret.exec(rest);
      return {
        t: m[1].toLowerCase(),
        task: task ? task[0] : null,
        tablet: rest.indexOf(G.mark.tablet) >= 0,
        ret: ret ? ret[0] : null
      };
    }

    function tokenOf(sq) {
      if (!sq) return G.none;
      if (sq.raw) return sq.raw;
      return sq.t + (sq.task || "") + (sq.tablet ? G.mark.tablet : "") + (sq.ret || "");
    }

    form.classList.add("js");
    var details = form.querySelector("details.as-text");
    if (details) details.open = false;

    function load() {
      var lines = text.value.split(/\r?\n/);
      while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
      rows = lines.map(function (line) {
        return line.trim() ? line.trim().split(/\s+/).map(parseToken) : [];
      });
      var width = 0;
      rows.forEach(function (r) { width = Math.max(width, r.length); });
      if (!width) {
        rows = [];
        for (var i = 0; i < startRows; i++) {
          var blank = [];
          for (var j = 0; j < startColumns; j++) blank.push(null);
          rows.push(blank);
        }
        width = startColumns;
      }
      rows.forEach(function (r) { while (r.length < width) r.push(null); });
    }

    function gardenText() {
      return rows.map(function (r) { return r.map(tokenOf).join(" "); }).join("\n");
    }

    function cellLabel(sq, r, c) {
      var what = !sq ? "no card" : sq.raw ? "unreadable " + sq.raw : LETTERS[sq.t];
      if (sq && sq.task) what += ", task";
      if (sq && sq.tablet) what += ", tablet";
      if (sq && sq.ret) what += ", return location";
      return "row " + (r + 1) + ", column " + (c + 1) + ": " + what;
    }

    function mark(cls, content) {
      var span = document.createElement("span");
      span.className = "mk " + cls;
      span.setAttribute("aria-hidden", "true");
      span.textContent = content;
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
      if (sq && sq.task) button.appendChild(mark("task", "✱"));
      if (sq && sq.tablet) button.appendChild(mark("tablet", G.mark.tablet));
      if (sq && sq.ret) button.appendChild(mark("ret", G.mark["return"]));
      if (sq && sq.raw) button.appendChild(mark("raw", "?"));
      button.setAttribute("aria-label", cellLabel(sq, r, c));
    }

    function draw() {
      var body = document.createElement("tbody");
      rows.forEach(function (row, r) {
        var tr = document.createElement("tr");
        row.forEach(function (sq, c) {
          var td = document.createElement("td");
          var b = document.createElement("button");
          b.type = "button";
          b.dataset.r = r;
          b.dataset.c = c;
          if (readonly) b.disabled = true;
          td.appendChild(b);
          tr.appendChild(td);
          drawCell(b);
        });
        body.appendChild(tr);
      });
      table.replaceChild(body, table.tBodies[0]);
      var width = rows[0] ? rows[0].length : 0;
      table.setAttribute("aria-label", "The visible garden, " + rows.length + " rows by " + width + " columns");
      // Squares stay at least 26 px: a wider garden scrolls sideways inside its box.
      table.style.minWidth = width * 26 + "px";
      table.style.maxWidth = width * 56 + "px";
      requestAnimationFrame(function () {
        form.classList.toggle("wide", scroller.scrollWidth > scroller.clientWidth + 1);
      });
      decorate();
    }

    /* Outline the areas the server found, when they are the areas of the garden on screen. */
    function decorate() {
      var live = document.getElementById("vad-areas");
      if (live) {
        try {
          areas = {
            garden: live.dataset.garden,
            owners: JSON.parse(live.dataset.owners || "[]"),
            marks: JSON.parse(live.dataset.marks || "[]")
          };
        } catch (e) { areas = null; }
      }
      var fresh = areas && areas.garden === gardenText();
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
        if (!info || !info.letter) return;
        b.classList.add("in-area", info.scores ? "scores" : "fails");
        if (owner(r - 1, c) !== a) b.classList.add("e-t");
        if (owner(r, c + 1) !== a) b.classList.add("e-r");
        if (owner(r + 1, c) !== a) b.classList.add("e-b");
        if (owner(r, c - 1) !== a) b.classList.add("e-l");
        if (!seen[a]) {
          seen[a] = true;
          var lbl = document.createElement("span");
          lbl.className = "lbl";
          lbl.textContent = info.letter;
          b.insertBefore(lbl, b.firstChild);
        }
      });
    }

    function commit() {
      text.value = gardenText();
      text.dispatchEvent(new Event("change", { bubbles: true }));
    }

    /* What one brush does to one square; returns true when the square changed. */
    function paint(r, c) {
      var sq = rows[r][c];
      var before = tokenOf(sq);
      if (brush === G.none) {
        rows[r][c] = null;
      } else if (LETTERS[brush]) {
        if (!sq || sq.raw) sq = rows[r][c] = { t: brush, task: null, tablet: false, ret: null };
        if (sq.t !== brush && sq.ret) sq.ret = G.mark["return"]; // the return location takes this terrain's item
        sq.t = brush;
        if (brush === G.sand) { sq.task = null; sq.ret = null; }
      } else if (sq && !sq.raw) {
        var key = brush === G.mark.task ? "task" : brush === G.mark.tablet ? "tablet" : "ret";
        if (key !== "tablet" && sq.t === G.sand) return false; // no task or "5" on sand
        var has = !!sq[key];
        if (stroke.on === null) stroke.on = !has;
        if (has === stroke.on) return false;
        sq[key] = stroke.on ? (key === "task" ? G.mark.task : key === "tablet" ? true : G.mark["return"])
          : (key === "tablet" ? false : null);
      }
      return tokenOf(rows[r][c]) !== before;
    }

    function touch(button) {
      if (!button || !stroke) return;
      var key = button.dataset.r + "," + button.dataset.c;
      if (stroke.seen[key]) return;
      stroke.seen[key] = true;
      if (paint(+button.dataset.r, +button.dataset.c)) {
        stroke.changed = true;
        drawCell(button);
      }
    }

    function squareAt(x, y) {
      var el = document.elementFromPoint(x, y);
      var b = el && el.closest ? el.closest(".sq") : null;
      return b && table.contains(b) ? b : null;
    }

    function end() {
      if (!stroke) return;
      var changed = stroke.changed;
      stroke = null;
      if (changed) commit();
    }

    table.addEventListener("pointerdown", function (e) {
      if (readonly || brush === "move" || (e.pointerType === "mouse" && e.button !== 0)) return;
      var b = e.target.closest(".sq");
      if (!b) return;
      e.preventDefault();
      stroke = { id: e.pointerId, seen: {}, on: null, changed: false };
      touch(b);
    });
    document.addEventListener("pointermove", function (e) {
      if (!stroke || e.pointerId !== stroke.id) return;
      touch(squareAt(e.clientX, e.clientY));
    });
    document.addEventListener("pointerup", function (e) { if (stroke && e.pointerId === stroke.id) end(); });
    document.addEventListener("pointercancel", function (e) { if (stroke && e.pointerId === stroke.id) end(); });
    // Keyboard: Enter or Space on a square paints it (a pointer tap already did).
    table.addEventListener("click", function (e) {
      var b = e.target.closest(".sq");
      if (!b || readonly || e.detail !== 0 || brush === "move") return;
      stroke = { id: null, seen: {}, on: null, changed: false };
      touch(b);
      end();
    });

    // A brush is picked as soon as the finger touches it (a quick tap right after a stroke may
    // not become a click on phones); click covers the keyboard.
    form.querySelectorAll(".brush").forEach(function (button) {
      function pick() {
        brush = button.dataset.brush;
        form.querySelectorAll(".brush").forEach(function (o) { o.setAttribute("aria-pressed", o === button ? "true" : "false"); });
        form.classList.toggle("moving", brush === "move");
      }
      button.addEventListener("pointerdown", pick);
      button.addEventListener("click", pick);
    });

    form.querySelectorAll("button.grow").forEach(function (button) {
      button.addEventListener("click", function (e) {
        e.preventDefault();
        var width = rows[0] ? rows[0].length : 0;
        var blank = function () { var r = []; for (var i = 0; i < width; i++) r.push(null); return r; };
        if (button.value === "above" && rows.length < G.maxRows) rows.unshift(blank());
        else if (button.value === "below" && rows.length < G.maxRows) rows.push(blank());
        else if (button.value === "right" && width < G.maxColumns) rows.forEach(function (r) { r.push(null); });
        else return;
        draw();
        commit();
        if (button.value === "right") scroller.scrollLeft = scroller.scrollWidth;
      });
    });

    // Typing the garden as text redraws the grid (htmx saves the text itself).
    text.addEventListener("input", function () { load(); draw(); });

    document.body.addEventListener("htmx:afterSettle", function () { decorate(); });

    load();
    draw();
  }

  /* Steppers: − and + change the number and save; without JavaScript they post the form. */
  function initSteppers(form) {
    form.querySelectorAll(".stepper .step").forEach(function (button) {
      button.addEventListener("click", function (e) {
        e.preventDefault();
        var input = button.parentNode.querySelector("input");
        var n = parseInt(input.value, 10);
        if (isNaN(n)) n = 0;
        n += +button.dataset.step;
        var most = input.dataset.max ? +input.dataset.max : Infinity; // the page writes the engine's limit
        input.value = Math.max(0, Math.min(most, n));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
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
      var html = tpl.innerHTML.replace(/__i__/g, String(next));
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var row = holder.firstElementChild;
      list.appendChild(row);
      row.querySelector("select").focus();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.vad");
    if (!form) return;
    // These buttons post the form without JavaScript; here the script does their work, and
    // without a name htmx does not send them along with the next autosave.
    form.querySelectorAll("button[name=grow], button[name=step], button[name=add_area]").forEach(function (b) {
      b.removeAttribute("name");
    });
    init(form);
    initSteppers(form);
    initQuick(form);
  });
})();
