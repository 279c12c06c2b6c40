/* Gretchen's Garden entry: steppers work on the phone without a round trip.
   Without this file the +/-/Full buttons still work: they submit the form and the server applies
   them.  With it, a tap changes the number here and fires "input", so the form autosaves. */
(function () {
  "use strict";

  // htmx "settles" the style attribute of swapped elements with setAttribute, which the
  // Content-Security-Policy (no inline style) refuses when something left a style="" behind
  // (Playwright's screenshots hide the caret that way).  Class settling is all this page needs.
  if (window.htmx) window.htmx.config.attributesToSettle = ["class", "width", "height"];

  function capOf(input) {
    var from = input.getAttribute("data-cap-from");
    if (from) {
      var el = document.getElementById(from);
      var c = el ? parseInt(el.getAttribute("data-cap"), 10) : NaN;
      return isNaN(c) ? Infinity : c;
    }
    var max = parseInt(input.getAttribute("data-max"), 10);
    return isNaN(max) ? Infinity : max;
  }

  function valueOf(input) {
    var v = parseInt(input.value, 10);
    return isNaN(v) ? 0 : v;
  }

  function sync() {
    if (document.querySelector(".gg-body:disabled")) return;
    var buttons = document.querySelectorAll(".gg [data-for]");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      var input = document.getElementById(b.getAttribute("data-for"));
      if (!input) continue;
      var v = valueOf(input), cap = capOf(input), step = parseInt(b.getAttribute("data-step"), 10);
      if (b.hasAttribute("data-full")) b.disabled = cap === Infinity || v === cap;
      else if (step > 0) b.disabled = v >= cap;
      else b.disabled = v <= 0;
    }
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest ? event.target.closest(".gg button[data-for]") : null;
    if (!b || b.disabled) return;
    var input = document.getElementById(b.getAttribute("data-for"));
    if (!input) return;
    event.preventDefault();
    var cap = capOf(input), next;
    if (b.hasAttribute("data-full")) next = cap;
    else next = Math.max(0, Math.min(cap, valueOf(input) + parseInt(b.getAttribute("data-step"), 10)));
    if (next === Infinity) return;
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    sync();
  });

  // Enter in a text box closes the keyboard (and saves) instead of submitting the whole page.
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.key === "Enter" && t && t.matches && t.matches(".gg input[type=text]")) {
      event.preventDefault();
      t.blur();
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target && event.target.classList && event.target.classList.contains("gg-num")) sync();
  });
  document.addEventListener("htmx:afterSettle", sync);
  document.addEventListener("htmx:oobAfterSwap", sync);
  document.addEventListener("DOMContentLoaded", sync);
})();
