/* Verdant Arizona entry: colour chips, instant fill-in from the learned deck, focus moving to the
   next card, the wren stepper.  Without this file the form still works (type colour names, Save). */
(function () {
  "use strict";

  function start() {
    var form = document.getElementById("entry");
    var board = document.getElementById("az-board");
    if (!form || !board || form.querySelector(".az-num[readonly]")) return;
    function data(el, name, fallback) {
      try { return JSON.parse(el.getAttribute(name) || "") || fallback; } catch (e) { return fallback; }
    }
    // Everything about colours comes from the server (the engine's colour key, the CSS class the
    // page uses for it): the deck's cards, each deck spelling's key and class, and after every
    // save each cell's colour as the server read it (on its flag).  No colour rule lives here.
    var deck = data(board, "data-deck", {});
    var colors = data(board, "data-colors", {});
    var maxDigits = (board.getAttribute("data-number-max") || "").length;  // as many digits as the largest card number
    var chips = document.getElementById("az-chips");
    var cells = Array.prototype.slice.call(board.querySelectorAll(".az-cell"));
    var current = null;

    function parts(cell) {
      return { num: cell.querySelector(".az-num"), color: cell.querySelector(".az-color"), gecko: cell.querySelector(".az-gecko input") };
    }
    function known(numberText) {
      var t = (numberText || "").trim();
      return /^[0-9]+$/.test(t) && t.length <= maxDigits ? deck[String(parseInt(t, 10))] : undefined;
    }
    // A spelling the page already knows (a chip or the deck), looked up as typed; else null.
    function lookup(label) {
      var chip = chips && Array.prototype.find.call(chips.querySelectorAll(".az-chip[data-key]"), function (c) {
        return c.getAttribute("data-color") === label;
      });
      if (chip) return { key: chip.getAttribute("data-key"), tint: chip.getAttribute("data-tint") };
      return colors[label] || null;
    }
    function setColour(cell, key, tint) {
      cell.setAttribute("data-key", key || "");
      cell.className = cell.className.replace(/\baz-c-[\w-]+/g, "").trim() + " " + (tint || "az-c-other");
    }
    function paint(cell) {
      if (!chips) return;
      var key = cell.getAttribute("data-key");
      Array.prototype.forEach.call(chips.querySelectorAll(".az-chip[data-key]"), function (chip) {
        chip.classList.toggle("az-on", cell === current && !!key && chip.getAttribute("data-key") === key);
      });
    }
    function typed(cell) {
      var p = parts(cell), label = p.color.value;
      if (!label.trim()) { setColour(cell, "", "az-c-none"); return; }
      var found = lookup(label);
      setColour(cell, found ? found.key : "", found ? found.tint : "az-c-other");
    }
    function select(cell) {
      if (current && current !== cell) current.classList.remove("az-current");
      current = cell;
      cell.classList.add("az-current");
      paint(cell);
    }
    function next(cell) {
      var i = cells.indexOf(cell);
      for (var k = 1; k <= cells.length; k++) {
        var candidate = cells[(i + k) % cells.length];
        if (!parts(candidate).num.value.trim()) return candidate;
      }
      return null;
    }
    // ``jumped``: the focus moved by itself after a known two-digit number; a Next pressed out of
    // habit right after must not skip the card it landed on.
    function advance(cell, jumped) {
      var target = next(cell);
      if (target) { target.dataset.jumped = jumped ? "1" : ""; parts(target).num.focus(); select(target); }
      else { parts(cell).num.blur(); }
    }
    function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

    // A cell whose colour and gecko are what the deck says was filled in by the deck: a new number
    // may replace them.  Anything the player chose is never overwritten.
    cells.forEach(function (cell) {
      var p = parts(cell), card = known(p.num.value);
      var deckKey = card && colors[card.color] ? colors[card.color].key : null;
      cell.dataset.auto = (!p.color.value.trim() || (deckKey && deckKey === cell.getAttribute("data-key") && card.gecko === p.gecko.checked)) ? "1" : "";
      cell.addEventListener("focusin", function () { select(cell); });
      p.num.addEventListener("input", function () {
        var card = known(p.num.value);
        if (cell.dataset.auto) {
          p.color.value = card ? card.color : "";
          p.gecko.checked = card ? !!card.gecko : false;
          typed(cell);
          paint(cell);
        }
        cell.classList.toggle("az-from-deck", !!card && !!cell.dataset.auto);
        cell.dataset.jumped = "";
        if (card && cell.dataset.auto && p.num.value.trim().length === maxDigits) advance(cell, true);
      });
      p.num.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") return;
        e.preventDefault();
        if (cell.dataset.jumped && !p.num.value.trim()) { cell.dataset.jumped = ""; return; }
        changed(p.num);
        advance(cell);
      });
      p.color.addEventListener("input", function () { cell.dataset.auto = ""; typed(cell); paint(cell); });
      p.color.addEventListener("keydown", function (e) {
        if (e.key === "Enter") { e.preventDefault(); changed(p.color); advance(cell); }
      });
      p.gecko.addEventListener("change", function () { cell.dataset.auto = ""; });
    });

    function addChip(label, key, tint) {
      if (!chips || !key) return;
      var exists = Array.prototype.some.call(chips.querySelectorAll(".az-chip[data-key]"), function (c) {
        return c.getAttribute("data-key") === key;
      });
      if (exists) return;
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "az-chip " + tint;
      chip.setAttribute("data-color", label);
      chip.setAttribute("data-key", key);
      chip.setAttribute("data-tint", tint);
      chip.textContent = label;
      chips.insertBefore(chip, chips.querySelector(".az-new"));
    }

    // After a save the server's flags say how it read each cell's colour: paint the cells whose
    // colour has not been changed since, and offer each new colour as a chip.
    function heard() {
      cells.forEach(function (cell) {
        var flag = document.getElementById("az-flag-" + cell.getAttribute("data-r") + "-" + cell.getAttribute("data-c"));
        if (!flag || !flag.hasAttribute("data-key")) return;
        var p = parts(cell), key = flag.getAttribute("data-key"), tint = flag.getAttribute("data-tint");
        if (p.color.value.trim() === flag.getAttribute("data-color")) { setColour(cell, key, tint); if (cell === current) paint(cell); }
        addChip(flag.getAttribute("data-label"), key, tint);
      });
    }
    document.body.addEventListener("htmx:afterSettle", heard);

    if (chips) {
      chips.hidden = false;
      // Keep the keypad open: a chip tap must not take the focus from the number being typed.
      chips.addEventListener("mousedown", function (e) { if (e.target.closest(".az-chip")) e.preventDefault(); });
      chips.addEventListener("click", function (e) {
        var chip = e.target.closest(".az-chip");
        if (!chip) return;
        var cell = current || next(cells[cells.length - 1]) || cells[0];
        var p = parts(cell);
        select(cell);
        if (chip.hasAttribute("data-new")) {
          p.color.focus();
          p.color.select();
          return;
        }
        p.color.value = chip.getAttribute("data-color");
        cell.dataset.auto = "";
        setColour(cell, chip.getAttribute("data-key"), chip.getAttribute("data-tint"));
        paint(cell);
        changed(p.color);
        if (p.num.value.trim()) advance(cell); else p.num.focus();
      });
    }

    Array.prototype.forEach.call(form.querySelectorAll(".az-step"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById("wrens");
        var value = parseInt(input.value, 10);
        value = (isNaN(value) ? 0 : value) + parseInt(button.getAttribute("data-step"), 10);
        input.value = String(Math.max(0, Math.min(parseInt(input.getAttribute("data-max"), 10), value)));
        changed(input);
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
