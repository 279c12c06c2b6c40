// Planted entry: steppers step in place (the buttons post the form when JavaScript is off), a
// plant picked from the list saves at once, Enter closes the keyboard instead of posting.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form) return;

  // With JavaScript the steppers step in place: they no longer submit, nor post their value.
  form.querySelectorAll("button[data-step]").forEach(function (button) {
    button.type = "button";
    button.removeAttribute("name");
  });

  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[^0-9a-z]/gi, "").toLowerCase();
  }

  // The most a stepper allows: a plant's spaces (from the card region, kept fresh by the
  // server), or the copies left on the table.
  function most(box) {
    var from = box.dataset.maxFrom && document.getElementById(box.dataset.maxFrom);
    var max = parseInt((from || box).dataset.max, 10);
    var name = box.closest(".pl-slot") && box.closest(".pl-slot").querySelector(".pl-name");
    if (name && name.list) {
      // a plant picked a moment ago: its number of spaces is in the list
      for (var i = 0; i < name.list.options.length; i++) {
        var option = name.list.options[i];
        if (fold(option.value) === fold(name.value) && option.dataset.spaces) {
          return parseInt(option.dataset.spaces, 10);
        }
      }
    }
    return isNaN(max) ? Infinity : max;
  }

  function changed(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    event.preventDefault();
    var box = button.closest(".pl-step");
    var input = box.querySelector("input");
    if (input.readOnly) return;
    var value = parseInt(input.value, 10);
    if (isNaN(value) || String(value) !== input.value.trim()) value = 0;
    var next = value + parseInt(button.dataset.step, 10);
    if (next < 0 || (next > value && next > most(box))) {
      box.classList.remove("bump");
      void box.offsetWidth;
      box.classList.add("bump");
      return;
    }
    input.value = String(next);
    changed(input);
  });

  form.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.classList.contains("pl-name") || !input.list) return;
    for (var i = 0; i < input.list.options.length; i++) {
      if (input.list.options[i].value === input.value) {
        changed(input); // picked from the list: save now, not after the typing delay
        return;
      }
    }
  });

  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches("input[type=text]")) {
      event.preventDefault();
      event.target.blur();
      changed(event.target);
    }
  });

  form.addEventListener("focusin", function (event) {
    if (event.target.matches(".pl-step input")) event.target.select();
  });
})();
