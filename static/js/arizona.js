/* Verdant Arizona entry: colour chips, instant fill-in from the learned deck, the keypad's Next
   moving to the next card.  Every save is the entry form's own htmx POST (static/js/seat.js sends
   it through its queue); without this file the form still works (type colour names, Save).
   Typed numbers stay in their card: the focus moves only on Next, a chip or a tap, never by
   itself, so a third digit typed by mistake shows up as a mistake on the same card. */
(function () {
  "use strict";

  function start() {
    var form = document.getElementById("entry");
    var board = document.getElementById("az-board");
    if (!form || !board || form.querySelector(".az-num[readonly]")) return;
    form.classList.add("az-js");
    function data(el, name, fallback) {
      try { return JSON.parse(el.getAttribute(name) || "") || fallback; } catch (e) { return fallback; }
    }
    // Everything about colours comes from the server (the engine's colour key, the CSS class the
    // page uses for it): the deck's cards, each deck spelling's key and class, and after every
    // save each card's colour as the server read it (on its flag).  No colour rule lives here.
    var deck = data(board, "data-deck", {});
    var colors = data(board, "data-colors", {});
    var digits = (board.getAttribute("data-number-max") || "").length;  // as many as the largest card number has
    var chips = document.getElementById("az-chips");
    var cells = Array.prototype.slice.call(board.querySelectorAll(".az-cell"));
    var current = null;
    var doneTapped = false;

    function parts(cell) {
      return { num: cell.querySelector(".az-num"), color: cell.querySelector(".az-color"), gecko: cell.querySelector(".az-gecko input") };
    }
    function known(numberText) {
      var t = (numberText || "").trim();
      return /^[0-9]+$/.test(t) ? deck[String(parseInt(t, 10))] : undefined;
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
        var on = cell === current && !!key && chip.getAttribute("data-key") === key;
        chip.classList.toggle("az-on", on);
        chip.setAttribute("aria-pressed", on ? "true" : "false");
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
    // The next card without a number; once every card has one, the wrens (the next thing to enter:
    // the keypad stays up, the number is selected, typing replaces it).
    function advance(cell) {
      var target = next(cell);
      var wrens = document.getElementById("f-wrens");
      if (target) { parts(target).num.focus(); select(target); }
      else if (wrens && !wrens.readOnly) { wrens.focus(); }
      else { parts(cell).num.blur(); }
    }
    function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

    // A card whose colour and gecko are what the deck says was filled in by the deck: a new number
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
        p.num.classList.toggle("az-long", p.num.value.trim().length > digits);
      });
      p.num.classList.toggle("az-long", p.num.value.trim().length > digits);
      p.num.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") return;
        e.preventDefault();
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
      chip.setAttribute("aria-pressed", "false");
      chip.textContent = label;
      chips.insertBefore(chip, chips.querySelector(".az-new"));
    }

    // After a save the server's flags say how it read each card's colour: paint the cards whose
    // colour has not been changed since, and offer each new colour as a chip.  A Done the server
    // refused (something to fill or fix) brings its message into view.
    function heard() {
      cells.forEach(function (cell) {
        var flag = document.getElementById("az-flag-" + cell.getAttribute("data-r") + "-" + cell.getAttribute("data-c"));
        if (!flag || !flag.getAttribute("data-key")) return;
        var p = parts(cell), key = flag.getAttribute("data-key"), tint = flag.getAttribute("data-tint");
        if (p.color.value.trim() === flag.getAttribute("data-color")) { setColour(cell, key, tint); if (cell === current) paint(cell); }
        addChip(flag.getAttribute("data-label"), key, tint);
      });
      var status = document.getElementById("status");
      if (doneTapped && status && status.querySelector(".error, .problems")) {
        doneTapped = false;
        status.scrollIntoView({ block: "center" });
      }
    }
    document.body.addEventListener("htmx:afterSettle", heard);
    form.addEventListener("click", function (e) {
      var button = e.target.closest ? e.target.closest("button[name=next][value=play]") : null;
      if (button) doneTapped = true;
    });

    // The wrens: a tap selects the number, so typing replaces it; Next / Enter saves, stays here.
    var wrens = document.getElementById("f-wrens");
    if (wrens && !wrens.readOnly) {
      var selecting = false;  // the tap that focused it must not put the caret back after the select
      wrens.addEventListener("focus", function () { wrens.select(); selecting = true; });
      wrens.addEventListener("mouseup", function (e) { if (selecting) { e.preventDefault(); selecting = false; } });
      wrens.addEventListener("blur", function () { selecting = false; });
      wrens.addEventListener("keydown", function (e) {
        if (e.key === "Enter") { e.preventDefault(); changed(wrens); wrens.blur(); }
      });
    }

    if (chips) {
      chips.hidden = false;
      Array.prototype.forEach.call(chips.querySelectorAll(".az-chip[data-key]"), function (c) { c.setAttribute("aria-pressed", "false"); });
      // Keep the keypad open: a chip tap must not take the focus from the number being typed.
      chips.addEventListener("mousedown", function (e) { if (e.target.closest(".az-chip")) e.preventDefault(); });
      // Done while a card is being typed: the dock's own Done (the bar's is out of the way then).
      var doneNow = form.querySelector(".az-done-now");
      if (doneNow) doneNow.addEventListener("mousedown", function (e) { e.preventDefault(); });
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
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
