// The little the browser needs before Python has started, and the little it needs at once.
//
// 1. Where the page's Python runs. In a cross-origin isolated page (the server's
//    headers, or on a host that sends none, the service worker's from the second visit)
//    it runs in a PyScript worker, so starting the interpreter never freezes the page;
//    elsewhere it runs on the main thread, as before. This script runs before PyScript
//    reads the <script type="py"> tag (it comes first in the document), so it can take
//    the tag's `worker` attribute away.
// 2. The mode buttons show the mode the page will open in, by app.py's rule (Solve for a
//    shared link or a saved grid, which hold digits; Givens for a new blank grid), so the
//    loading state never shows one mode and then switch.
// 3. Default actions a key or a submit would take. A browser asks for `preventDefault`
//    while the event is being dispatched, and the worker's Python hears of the event only
//    afterwards; so the keys whose default action would get in the way (arrows and Space
//    scroll the page, Enter adds a line to the paste box, a form submits) are stopped
//    here. What each key means is still decided in Python (pycore/editor.py).
"use strict";
(() => {
  const python = document.querySelector('script[type="py"][worker]');
  if (python && !window.crossOriginIsolated) {
    python.removeAttribute("worker");
  }

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

  const plain = (event) => !(event.ctrlKey || event.metaKey || event.altKey);
  const grid = document.getElementById("grid");
  if (grid) {
    grid.addEventListener("keydown", (event) => {
      if (plain(event) && (event.key === " " || event.key.startsWith("Arrow"))) {
        event.preventDefault();  // web/app.py's on_key: a move, or a flip in Black cells mode
      }
    });
  }
  const paste = document.getElementById("open-text");
  if (paste) {
    paste.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();  // page_tools.on_paste_key: Enter opens, Shift+Enter is a new line
      }
    });
  }
  const form = document.getElementById("open-form");
  if (form) {
    form.addEventListener("submit", (event) => event.preventDefault());  // app.on_open reads it
  }
})();

// 4. Many elements in one call. In a worker, every DOM call the page's Python makes is a
//    round trip to this thread, and a 25x25 grid of pencil marks is tens of thousands of
//    them. So web/dom.py describes the elements as JSON and these two build them here:
//    elements by tag, attributes, style properties and text (always as text, never as
//    markup). What they show is still decided in Python (web/grid_view.py).
//    A node is a string (a text node) or [tag, {attribute: value}, children, {property: value}].
(() => {
  const make = (node) => {
    if (typeof node === "string") {
      return document.createTextNode(node);
    }
    const [tag, attributes, children, style] = node;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, value);
    }
    for (const [name, value] of Object.entries(style || {})) {
      element.style.setProperty(name, value);
    }
    if (typeof children === "string") {
      element.textContent = children;
    } else if (children) {
      element.append(...children.map(make));
    }
    return element;
  };
  // The parent's children become these nodes.
  const replace = (parent, json) => {
    parent.replaceChildren(...JSON.parse(json).map(make));
  };
  // Changes to children found by their data-index: [index, {attribute: value or null to
  // remove}, children or null to keep them]; then fields, [id, property, text] (the share
  // box's value, a note's textContent); then the focus moves to the child `focus`.
  const update = (parent, json, focus, fields) => {
    for (const [index, attributes, children] of JSON.parse(json)) {
      const element = parent.querySelector(`[data-index="${index}"]`);
      for (const [name, value] of Object.entries(attributes)) {
        if (value === null) {
          element.removeAttribute(name);
        } else {
          element.setAttribute(name, value);
        }
      }
      if (typeof children === "string") {
        element.textContent = children;
      } else if (children) {
        element.replaceChildren(...children.map(make));
      }
    }
    for (const [id, property, text] of JSON.parse(fields || "[]")) {
      if (property === "value" || property === "textContent") {
        document.getElementById(id)[property] = String(text);
      }
    }
    if (focus >= 0) {
      parent.querySelector(`[data-index="${focus}"]`).focus();
    }
  };
  window.pycoreDom = Object.freeze({replace, update});
})();
