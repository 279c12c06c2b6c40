/* Gretchen's Garden entry.  Without this file everything still works: the pickers are radio
   buttons in popovers, Full and the steppers post the form, the server applies them.  With it:
   a pick shows on its button at once and closes its picker (the form autosaves on "change"),
   Full fills the leaves in place (up to the cap the page says, data-max), Enter closes the
   keyboard instead of submitting the page, a tap on a number selects it.  The steppers are the shared stepper.js. */
(function () {
  "use strict";

  function capOf(button) {
    var from = button.getAttribute("data-cap");
    var source = from ? document.getElementById(from) : null;
    var input = document.getElementById(button.getAttribute("data-full"));
    var box = input ? input.closest("[data-stepper]") : null;
    var max = parseInt((source || box || button).getAttribute("data-max"), 10);
    return isNaN(max) ? null : max;
  }

  function sync() {
    Array.prototype.forEach.call(document.querySelectorAll(".gg button[data-full]"), function (button) {
      button.type = "button";
      button.removeAttribute("name");
      var input = document.getElementById(button.getAttribute("data-full"));
      var cap = capOf(button);
      if (input && !button.closest("fieldset:disabled")) button.disabled = cap === null || String(cap) === input.value.trim();
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".gg button[data-full]") : null;
    if (!button || button.disabled) return;
    var input = document.getElementById(button.getAttribute("data-full"));
    var cap = capOf(button);
    if (!input || cap === null || input.readOnly) return;
    event.preventDefault();
    input.value = String(cap);
    input.dispatchEvent(new Event("change", { bubbles: true }));
    sync();
  });

  // A pick in a picker (popover "pot-3" or "plant-3"): its words on the card's button, the picker closes.
  function words(input) {
    var row = input.closest(".gg-krow");
    if (row) return row.querySelector(".gg-kname").textContent.trim() + " " + input.value.split(":").pop();
    return input.closest("label").textContent.trim();
  }
  document.addEventListener("change", function (event) {
    var input = event.target;
    var pop = input && input.closest ? input.closest(".gg-pop[popover]") : null;
    if (pop && input.type === "radio" && input.checked) {
      var shown = document.getElementById(pop.id.replace(/^(pot|plant)-/, "$1name-"));
      if (shown) shown.textContent = words(input);
    }
    if (input && input.closest && input.closest("[data-stepper]")) sync();
  });
  // A tap on a choice closes its picker; arrow keys move through the choices with it open, Enter closes it.
  var byPointer = false;
  document.addEventListener("pointerdown", function () { byPointer = true; }, true);
  document.addEventListener("keydown", function () { byPointer = false; }, true);
  function close(input) {
    var pop = input && input.matches && input.matches(".gg-pop input[type=radio]") ? input.closest("[popover]") : null;
    if (pop && pop.hidePopover) setTimeout(function () { try { pop.hidePopover(); } catch (e) { /* closed */ } }, 0);
    return !!pop;
  }
  document.addEventListener("click", function (event) { if (byPointer) close(event.target); });

  // Enter in a number box closes the keyboard (and saves) instead of submitting the whole page.
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.key === "Enter" && t && t.matches && t.matches(".gg input[type=text]")) {
      event.preventDefault();
      t.blur();
    } else if (event.key === "Enter" && close(t)) {
      event.preventDefault();
    }
  });

  // A tap on a number box selects it, so typing replaces the number.
  document.addEventListener("focusin", function (event) {
    var t = event.target;
    if (t && t.matches && t.matches(".gg [data-stepper] input")) setTimeout(function () { t.select(); }, 0);
  });

  document.addEventListener("input", function (event) {
    if (event.target && event.target.closest && event.target.closest(".gg [data-stepper]")) sync();
  });
  document.addEventListener("htmx:afterSettle", sync);
  document.addEventListener("htmx:oobAfterSwap", sync);
  document.addEventListener("DOMContentLoaded", sync);
})();
