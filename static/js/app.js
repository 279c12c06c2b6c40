/* Scorepad, every page: a request htmx could not complete is never silent.  (Seat pages send
   their changes through static/js/seat.js, which keeps them until the server has them.) */
(function () {
  "use strict";
  function show(text) {
    var banner = document.getElementById("net-banner");
    if (!banner) return;
    banner.textContent = text;
    banner.hidden = false;
  }
  document.addEventListener("htmx:sendError", function () {
    show("No connection: that was not sent. Check the Wi-Fi and try again; what you typed is still on the page.");
  });
  document.addEventListener("htmx:responseError", function (evt) {
    var code = evt.detail && evt.detail.xhr ? evt.detail.xhr.status : "";
    show("The server could not do that (" + code + "). What you typed is still on the page: try again in a moment.");
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var banner = document.getElementById("net-banner");
    if (banner && evt.detail && evt.detail.successful && !document.documentElement.hasAttribute("data-save-state")) banner.hidden = true;
  });
  // The service worker (static/js/sw.js) where the browser allows one: HTTPS, or localhost.  Over
  // plain LAN HTTP there is none, and the app behaves as without it.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* no offline copy, nothing else changes */ });
  }
  // Enter in a field of a form with more than one kind of button (add, remove, move a seat) does
  // what the form is for (start the play, save the seats), not what its first button does.
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Enter" || evt.isComposing) return;
    var field = evt.target;
    if (!field || field.tagName !== "INPUT" || !field.form) return;
    var id = field.form.getAttribute("data-enter-submits");
    var button = id ? document.getElementById(id) : null;
    if (!button) return;
    evt.preventDefault();
    if (field.form.requestSubmit) field.form.requestSubmit(button); else button.click();
  });
})();
