// Planted entry: what is Planted's own (the steppers are static/js/stepper.js, saving is seat.js).
// A plant picked from the card list saves at once and sets its growth stepper's most from the
// list (data-spaces) before the server answers; Enter closes the keyboard instead of posting;
// a field is marked invalid while its message slot (aria-describedby) holds a message.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form) return;

  function changed(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function picked(input) {
    if (!input.list) return null;
    for (var i = 0; i < input.list.options.length; i++) {
      if (input.list.options[i].value === input.value) return input.list.options[i];
    }
    return null;
  }

  // A plant picked from the list caps its growth stepper at its spaces at once (and again after an
  // answer to an older save swapped in the card as it was before the pick).
  function cap(input) {
    var option = picked(input);
    var card = input.closest(".pl-slot").querySelector(".pl-card");
    if (option && card && option.getAttribute("data-spaces")) card.setAttribute("data-max", option.getAttribute("data-spaces"));
    return option;
  }

  form.addEventListener("input", function (event) {
    var input = event.target;
    if (input.classList.contains("pl-name") && cap(input)) changed(input); // picked: save now, not after the typing delay
  });

  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches("input[type=text]")) {
      event.preventDefault();
      event.target.blur();
      changed(event.target);
    }
  });

  form.addEventListener("focusin", function (event) {
    if (event.target.matches("[data-stepper] input")) event.target.select();
  });

  function markInvalid() {
    form.querySelectorAll("input[aria-describedby]").forEach(function (input) {
      var slot = document.getElementById(input.getAttribute("aria-describedby"));
      if (slot && slot.querySelector(".error")) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
  }
  // After a save, the server's values (#pl-values): a field this phone has not changed since the
  // server last said its value (value === defaultValue) takes the server's value, so a change merged
  // in from another phone shows here and the next save of the whole form does not undo it.  A
  // field with a change of this phone still on its way keeps what was typed.
  function sync() {
    var box = document.getElementById("pl-values");
    var values;
    try { values = JSON.parse(box.getAttribute("data-values")); } catch (e) { return; }
    form.querySelectorAll("input[name]").forEach(function (input) {
      if (input.type === "hidden" || !Object.prototype.hasOwnProperty.call(values, input.name)) return;
      var server = values[input.name];
      if (input.value === server) input.defaultValue = server;
      else if (input.value === input.defaultValue) { input.value = server; input.defaultValue = server; }
    });
  }

  function settled() {
    sync();
    markInvalid();
    form.querySelectorAll(".pl-name").forEach(cap);
  }
  document.addEventListener("htmx:afterSettle", settled);
  document.addEventListener("htmx:oobAfterSwap", settled);
})();
