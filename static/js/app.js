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
})();
