// The story block of a result page (templates/story/result_block.html). Everything works without
// this file: it adds the Web Share button where the browser can share files, a Copy button for
// share links, and scales a camera photo down before it is sent (a phone photo is 3-12 MB; the
// server keeps 2048 px anyway, so sending less is faster on a slow Wi-Fi).
(function () {
  "use strict";

  async function pngFile(button) {
    const response = await fetch(button.dataset.sharePng, { credentials: "same-origin" });
    if (!response.ok) throw new Error("the picture could not be made (" + response.status + ")");
    const blob = await response.blob();
    return new File([blob], button.dataset.fileName || "scorepad.png", { type: "image/png" });
  }

  function setUp() {
    // Web Share with a file: only where the browser says it can (secure contexts, most phones).
    document.querySelectorAll("[data-share-png]").forEach(function (button) {
      const probe = new File([new Blob(["x"], { type: "image/png" })], "x.png", { type: "image/png" });
      if (!navigator.canShare || !navigator.canShare({ files: [probe] })) return;
      button.hidden = false;
      button.addEventListener("click", async function () {
        try {
          const file = await pngFile(button);
          await navigator.share({ files: [file], title: button.dataset.shareText, text: button.dataset.shareText });
        } catch (error) {
          if (error && error.name === "AbortError") return; // the person closed the share sheet
          window.location.href = button.dataset.sharePng + "?download=1";
        }
      });
    });

    document.querySelectorAll("[data-copy]").forEach(function (button) {
      if (!navigator.clipboard || !window.isSecureContext) return;
      button.hidden = false;
      button.addEventListener("click", async function () {
        try {
          await navigator.clipboard.writeText(button.dataset.copy);
          button.textContent = "Copied";
        } catch (error) {
          button.textContent = "Copy failed: select the link";
        }
      });
    });

    document.querySelectorAll("form[data-photo-form]").forEach(function (form) {
      const input = form.querySelector("input[type=file]");
      const status = form.querySelector(".photo-status");
      form.addEventListener("submit", async function (event) {
        if (!input.files.length || !window.createImageBitmap || !window.fetch) return; // plain form post
        event.preventDefault();
        status.textContent = "Sending the photo…";
        try {
          const body = new FormData(form);
          body.delete("photo");
          body.append("photo", await smaller(input.files[0]), "photo.jpg");
          const response = await fetch(form.action, { method: "POST", body: body, credentials: "same-origin",
                                                       headers: { "HX-Request": "true" } });
          if (response.status === 204 || response.ok) {
            status.textContent = "Added.";
            const next = response.headers.get("HX-Redirect");
            if (next && next.split("#")[0] !== window.location.pathname) window.location.assign(next);
            else window.location.reload();
            return;
          }
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const message = page.querySelector(".error");
          status.textContent = message ? message.textContent : "The photo was not added (" + response.status + ").";
        } catch (error) {
          status.textContent = "Not sent: the connection failed. Try again when the phone is back online.";
        }
      });
    });
  }

  // The photo as a JPEG at most 2048 px long (the size the server keeps), upright.
  async function smaller(file) {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, 2048 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise(function (resolve, reject) {
      canvas.toBlob(function (blob) { blob ? resolve(blob) : reject(new Error("no image")); }, "image/jpeg", 0.88);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
