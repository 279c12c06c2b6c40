/* Verdant Arizona entry: colour chips, instant fill-in from the learned deck, focus moving to the
   next card, the wren stepper.  Without this file the form still works (type colour names, Save). */
(function () {
  "use strict";

  function start() {
    var form = document.getElementById("entry");
    var board = document.getElementById("az-board");
    if (!form || !board || form.querySelector(".az-num[readonly]")) return;
    var deck = {};
    try { deck = JSON.parse(board.getAttribute("data-deck") || "{}"); } catch (e) { deck = {}; }
    var chips = document.getElementById("az-chips");
    var cells = Array.prototype.slice.call(board.querySelectorAll(".az-cell"));
    var current = null;

    function key(color) { return (color || "").trim().replace(/\s+/g, " ").toLowerCase(); }
    function slug(color) { var s = key(color).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""); return s ? "az-c-" + s : "az-c-none"; }
    function parts(cell) {
      return { num: cell.querySelector(".az-num"), color: cell.querySelector(".az-color"), gecko: cell.querySelector(".az-gecko input") };
    }
    function known(numberText) {
      var t = (numberText || "").trim();
      return /^\d{1,2}$/.test(t) ? deck[String(parseInt(t, 10))] : undefined;
    }
    function paint(cell) {
      var p = parts(cell);
      cell.className = cell.className.replace(/\baz-c-[\w-]+/g, "").trim() + " " + slug(p.color.value);
      if (chips) {
        Array.prototype.forEach.call(chips.querySelectorAll(".az-chip[data-color]"), function (chip) {
          chip.classList.toggle("az-on", cell === current && key(chip.getAttribute("data-color")) === key(p.color.value));
        });
      }
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
      cell.dataset.auto = (!p.color.value.trim() || (card && key(card.color) === key(p.color.value) && card.gecko === p.gecko.checked)) ? "1" : "";
      cell.addEventListener("focusin", function () { select(cell); });
      p.num.addEventListener("input", function () {
        var card = known(p.num.value);
        if (cell.dataset.auto) {
          p.color.value = card ? card.color : "";
          p.gecko.checked = card ? !!card.gecko : false;
          paint(cell);
        }
        cell.classList.toggle("az-from-deck", !!card && !!cell.dataset.auto);
        cell.dataset.jumped = "";
        if (card && cell.dataset.auto && p.num.value.trim().length === 2) advance(cell, true);
      });
      p.num.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") return;
        e.preventDefault();
        if (cell.dataset.jumped && !p.num.value.trim()) { cell.dataset.jumped = ""; return; }
        changed(p.num);
        advance(cell);
      });
      p.color.addEventListener("input", function () { cell.dataset.auto = ""; paint(cell); });
      p.color.addEventListener("change", function () { addChip(p.color.value); });
      p.color.addEventListener("keydown", function (e) {
        if (e.key === "Enter") { e.preventDefault(); changed(p.color); advance(cell); }
      });
      p.gecko.addEventListener("change", function () { cell.dataset.auto = ""; });
    });

    function addChip(color) {
      if (!chips || !color.trim() || color.trim().length > 30) return;
      var exists = Array.prototype.some.call(chips.querySelectorAll(".az-chip[data-color]"), function (c) {
        return key(c.getAttribute("data-color")) === key(color);
      });
      if (exists) return;
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "az-chip " + slug(color);
      chip.setAttribute("data-color", color.trim().replace(/\s+/g, " "));
      chip.textContent = chip.getAttribute("data-color");
      chips.insertBefore(chip, chips.querySelector(".az-new"));
    }

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
        input.value = String(Math.max(0, Math.min(15, value)));
        changed(input);
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
