// Runs before Python has started: the mode buttons show the mode the page will open in,
// by app.py's rule (Solve for a shared link or a saved grid, which hold digits; Givens for
// a new blank grid), so the loading state never shows one mode and then switch.
"use strict";
(() => {
  let saved = false;
  try {
    saved = Boolean(window.localStorage.getItem("pycore:current"));  // persist.CURRENT
  } catch {
    // storage is off: nothing was saved
  }
  const mode = window.location.hash.length > 1 || saved ? "value" : "given";
  const radio = document.querySelector(`#modes input[value="${mode}"]`);
  if (radio) {
    radio.checked = true;
  }
})();
