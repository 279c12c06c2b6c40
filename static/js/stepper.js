/* Steppers (templates/macros/entry.html): with JavaScript the - and + buttons step the number in
   place, within 0 and the stepper's most (data-max, or data-max of the element data-max-from
   names), and the change autosaves like typing.  Without JavaScript they post the form. */
(function () {
  "use strict";
  function most(box) {
    var from = box.getAttribute("data-max-from");
    var source = from ? document.getElementById(from) : box;
    var max = parseInt((source || box).getAttribute("data-max"), 10);
    return isNaN(max) ? Infinity : max;
  }
  function setup(scope) {
    Array.prototype.forEach.call((scope || document).querySelectorAll("[data-stepper] button[data-step]"), function (button) {
      button.type = "button";
      button.removeAttribute("name");
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-stepper] button[data-step]") : null;
    if (!button || button.disabled) return;
    var box = button.closest("[data-stepper]");
    var input = box.querySelector("input");
    if (!input || input.readOnly) return;
    var now = /^\s*\d+\s*$/.test(input.value) ? parseInt(input.value, 10) : 0;
    var next = now + parseInt(button.getAttribute("data-step"), 10);
    if (next < 0 || next > most(box)) return;
    input.value = String(next);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:afterSettle", function (event) { setup(event.target); });
})();
