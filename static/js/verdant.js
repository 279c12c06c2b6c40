/* Verdant options form: choosing a scenario puts its goal cards (assumed names) into the goal
   card selects of their decks and picks the "Scenario" achievement mode.  The option carries
   both, from the engine: data-goals (names) and data-decks (each name's deck), "|"-separated.
   Without JavaScript the server fills goal cards left at "none" from the scenario.  Loaded by
   the options template, which htmx may swap in again: the guard keeps one listener. */
(function () {
  "use strict";
  if (window.scorepadVerdantCampaign) { return; }
  window.scorepadVerdantCampaign = true;
  document.addEventListener("change", function (event) {
    var pick = event.target;
    if (!pick.classList || !pick.classList.contains("vd-scenario-pick") || !pick.form) { return; }
    var prefix = pick.name.replace(/scenario$/, "");
    var option = pick.options[pick.selectedIndex];
    var goals = ((option && option.getAttribute("data-goals")) || "").split("|");
    var decks = ((option && option.getAttribute("data-decks")) || "").split("|");
    if (option && option.value && goals.length === decks.length) {
      decks.forEach(function (deck, i) {
        var select = pick.form.elements.namedItem(prefix + "goal-" + deck);
        if (select) { select.value = goals[i]; }
      });
    }
    var radio = pick.form.querySelector('input[name="' + prefix + 'mode"][value="scenario"]');
    if (radio && pick.value) { radio.checked = true; }
  });
})();
