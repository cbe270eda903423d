// The little the browser needs before Python has started, and the little it needs at once.
//
// 1. The mode buttons show the mode the page will open in, by pycore.app.editor.start_mode's
//    rule (Solve for a shared link or a saved grid, which hold digits or pencil marks;
//    Givens for a new blank grid), so the loading state does not show one mode and then
//    switch. A saved grid says the mode it opens in itself (pycore.app.persist.Entry.opens: a
//    str8ts being drawn, with nothing but black cells, opens in Givens). Only such a grid
//    in a link opens in Givens after showing Solve: telling that needs the link decoded.
// 2. Default actions a key or a submit would take, stopped here even before Python has
//    started: the keys whose default action would get in the way (arrows and Space scroll
//    the page or step the mode buttons, Enter adds a line to the paste box, a form
//    submits). The grid's keys are listened for on the whole document (`gridsKey`). What each key means is
//    still decided in Python (pycore/app/editor.py).
"use strict";
// Whether a key is the grid's: wherever the focus is (a mode button, the pad, Hint, the
// page itself, which a click on any of them leaves focused), save keys typed into a field
// that keeps them (the paste box, the puzzle's words, a menu), and Space and Enter on a
// control, whose own activation they are. What the key means is Python's to say.
const KEEPS_KEYS = "textarea, select, [contenteditable]:not([contenteditable=\"false\"]), "
  + "input:not([type=radio]):not([type=checkbox]):not([type=button]):not([type=submit]):not([type=reset])";
const gridsKey = (event) => {
  const target = event.target;
  if (!(target instanceof Element) || target.closest("#grid")) {
    return true;
  }
  if (target.closest(KEEPS_KEYS)) {
    return false;
  }
  return !((event.key === " " || event.key === "Enter")
    && target.closest("button, summary, a[href], input, label") !== null);
};
(() => {
  let saved = "";  // the mode the saved grid opens in; "" when nothing was saved
  try {
    const slot = window.localStorage.getItem("pycore:current");  // persist.CURRENT
    if (slot) {
      saved = "value";  // unless its entry says otherwise
      const entry = JSON.parse(window.localStorage.getItem("pycore:slot:" + slot) || "{}");  // persist.PREFIX
      if (entry && typeof entry.opens === "string" && entry.opens) {
        saved = entry.opens;
      }
    }
  } catch {
    // storage is off (nothing was saved), or the entry is not ours (Python decides)
  }
  const mode = window.location.hash.length > 1 ? "value" : saved || "given";
  const radio = document.querySelector(`#modes input[value="${CSS.escape(mode)}"]`)
    || document.querySelector('#modes input[value="value"]');
  if (radio) {
    radio.checked = true;
  }

  const plain = (event) => !(event.ctrlKey || event.metaKey || event.altKey);
  document.addEventListener("keydown", (event) => {
    if (!gridsKey(event)) {
      return;
    }
    if (plain(event) && (event.key === " " || event.key.startsWith("Arrow"))) {
      // web/light/page.py's on_key: a move, or a flip in Black cells mode (not a scroll,
      // nor the mode buttons' radio group stepping to another mode)
      event.preventDefault();
    }
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.startsWith("Arrow")) {
      event.preventDefault();  // Ctrl or Cmd and an arrow: the selection grows (pycore.app.editor)
    }
    if ((event.ctrlKey || event.metaKey) && /^(Digit|Numpad)[0-9]$/.test(event.code)) {
      event.preventDefault();  // Ctrl and a digit: a centre mark (pycore.app.editor), not a tab
    }
  });
  const paste = document.getElementById("open-text");
  if (paste) {
    paste.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();  // exchange.on_paste_key: Enter opens, Shift+Enter is a new line
      }
    });
  }
  const form = document.getElementById("open-form");
  if (form) {
    form.addEventListener("submit", (event) => event.preventDefault());  // app.on_open reads it
  }
})();

// 3. The page's Python, in its worker (web/light/light.js), and the page's side of their talk.
//    Python runs off this thread, so the page paints and answers taps while it starts
//    and while it works. Each event is sent to Python as plain facts (which key, which
//    cell, the values of the fields its handler reads), and Python answers with the
//    writes to make, as JSON: web/light/dom.py describes what to build or change and this
//    builds it here: elements by tag, attributes, style properties and text (always as
//    text, never as markup). What to show is decided in Python; every answer also says
//    how many answers the player still waits for (`window.pycoreBusy`).
//    A node is a string (a text node) or [tag, {attribute: value}, children, {property: value}];
//    a <time> with no children shows its datetime in the reader's time zone. An <svg> and
//    what it holds are made in SVG's namespace (the browser draws no other).
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const make = (node, inSvg) => {
    if (typeof node === "string") {
      return document.createTextNode(node);
    }
    const [tag, attributes, children, style] = node;
    const svg = inSvg || tag === "svg";
    const element = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, value);
    }
    for (const [name, value] of Object.entries(style || {})) {
      element.style.setProperty(name, value);
    }
    if (typeof children === "string") {
      element.textContent = children;
    } else if (children) {
      element.append(...children.map((child) => make(child, svg)));
    } else if (tag === "time") {  // a moment, in the reader's time zone
      element.textContent = when(new Date(element.getAttribute("datetime") || NaN));
    }
    return element;
  };
  // "23 Nov 2026, 18:20" in the reader's time zone. Not toLocaleString: its first call
  // loads the locale's formatting data, 35-50 ms on this thread (a long task, four times
  // longer on Lighthouse's phone) just as the recent list appears after the first screen.
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const when = (moment) => {
    if (Number.isNaN(moment.getTime())) {
      return "";
    }
    const two = (n) => String(n).padStart(2, "0");
    return `${moment.getDate()} ${MONTHS[moment.getMonth()]} ${moment.getFullYear()}, `
      + `${two(moment.getHours())}:${two(moment.getMinutes())}`;
  };
  const setAttribute = (element, name, value) => {
    if (value === null) {
      element.removeAttribute(name);
    } else {
      element.setAttribute(name, value);
    }
  };
  // An element by id; ":root" is the document's root and "window" the window.
  const byId = (id) => (id === ":root" ? document.documentElement
    : id === "window" ? window : document.getElementById(id));
  const PROPERTIES = new Set(["value", "textContent", "disabled", "hidden", "checked"]);
  let storageFailed = false;  // a write of this answer was refused (storage full)
  let storageRefused = false;  // the last save of a grid was refused: Python said so
  let storageFreed = false;  // a grid saved again after that: Python is told so
  // The writes Python queued (web/light/dom.py's `later`), in order.
  const WRITES = {
    // changes to the children found by their data-index: [index, {attribute: value or
    // null to remove}, children or null to keep them]; then the child `focus` is focused
    update: (id, changes, focus) => {
      const parent = byId(id);
      for (const [index, attributes, children] of changes) {
        const element = parent.querySelector(`[data-index="${index}"]`);
        for (const [name, value] of Object.entries(attributes)) {
          setAttribute(element, name, value);
        }
        if (typeof children === "string") {
          element.textContent = children;
        } else if (children) {
          element.replaceChildren(...children.map((child) => make(child, false)));
        }
      }
      if (focus >= 0) {
        parent.querySelector(`[data-index="${focus}"]`).focus();
      }
    },
    set: (id, property, value) => {
      if (PROPERTIES.has(property)) {
        byId(id)[property] = value;
      }
    },
    attr: (id, name, value) => setAttribute(byId(id), name, value),
    replace: (id, nodes) => {
      const parent = byId(id);
      const svg = parent.namespaceURI === SVG;
      parent.replaceChildren(...nodes.map((node) => make(node, svg)));
    },
    style: (id, property, value) => byId(id).style.setProperty(property, value),
    store: (key, value) => {
      try {
        if (value === null) {
          window.localStorage.removeItem(key);
        } else {
          window.localStorage.setItem(key, value);
          if (storageRefused && key.startsWith("pycore:slot:")) {  // persist.PREFIX: room again
            storageRefused = false;
            storageFreed = true;
          }
        }
      } catch {
        storageFailed = true;  // full: Python keeps the grid for this tab and says so
      }
    },
    // the offline worker (only in a secure context: https, or http on localhost)
    register: (url) => {
      if (navigator.serviceWorker) {
        navigator.serviceWorker.register(url).catch(() => undefined);
      }
    },
    // a text to the clipboard; the note says it was copied, or (refused) the field
    // holding it is selected for the reader to copy, and the note says so
    copy: (text, note, copied, field, refused) => {
      const say = (words) => {
        byId(note).textContent = words;
      };
      const failed = () => {
        byId(field).select();
        say(refused);
      };
      try {
        navigator.clipboard.writeText(text).then(() => say(copied), failed);
      } catch {
        failed();
      }
    },
    open: (url) => window.open(url, "_blank", "noopener,noreferrer"),
    // print the page with this image shown (the print stylesheet shows only it)
    print: (image, url) => {
      const shown = byId(image);
      shown.src = url;
      shown.decode().catch(() => undefined).then(() => {
        document.body.setAttribute("data-print", "svg");
        try {
          window.print();  // modal: returns once the print dialog closes
        } finally {
          document.body.removeAttribute("data-print");
        }
      });
    },
    download: (url, name) => {
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
    },
    // the grid's link in the address bar; `push`: as a new entry (a grid opened by a paste
    // or New puzzle), so that Back returns to the grid before it
    address: (fragment, push) => {
      try {
        if (push) {
          window.history.pushState(null, "", `#${fragment}`);
        } else {
          window.history.replaceState(null, "", `#${fragment}`);
        }
      } catch {
        // too many replaceState calls in a short time: the next change puts it right
      }
    },
    reveal: (id) => byId(id).scrollIntoView({block: "nearest"}),
  };
  const apply = (writes) => {
    for (const [write, ...args] of writes) {
      WRITES[write](...args);
    }
    if (storageFailed) {
      storageFailed = false;
      storageFreed = false;
      storageRefused = true;
      send({event: "storage-failed"});
    } else if (storageFreed) {
      storageFreed = false;
      send({event: "storage-saved"});
    }
  };
  // Every item the page stored (each key starts with this: persist.PREFIX, CURRENT and
  // LEASE), as JSON (null: storage is off).
  const OURS = "pycore:";
  const stored = () => {
    try {
      const storage = window.localStorage;
      const found = {};
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null && key.startsWith(OURS)) {
          found[key] = storage.getItem(key);
        }
      }
      return JSON.stringify(found);
    } catch {
      return null;
    }
  };
  // One stored item, read afresh (null: none, or storage is off).
  const item = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content || "{}";
  const plan = JSON.parse(meta("pycore-light"));
  const here = (path) => new URL(path, document.baseURI).href;
  const python = new Worker(here(plan.worker), {type: "module", name: "pycore-light"});
  let sent = 0;  // events Python has not answered yet
  let waited = 0;  // answers Python said the player waits for
  let watched = null;  // the stored item sent with every event (dom.watch)
  window.pycoreBusy = () => sent + waited;
  python.onmessage = (event) => {
    const {answer, busy, writes} = JSON.parse(event.data);
    if (answer) {
      sent--;
    }
    waited = busy;
    apply(writes);
  };
  // An event's facts to Python, whose answer is the writes.
  const post = (facts) => {
    if (watched !== null) {
      facts.watched = [watched, item(watched)];
    }
    sent++;
    python.postMessage(JSON.stringify(facts));
  };
  // The grid's keys and taps and the pad's: until the grid takes input there is none.
  const send = (facts) => {
    if (document.documentElement.dataset.ready === "true") {
      post(facts);
    }
  };
  document.addEventListener("keydown", (event) => {
    if (gridsKey(event)) {
      const ctrl = event.ctrlKey || event.metaKey;
      send({event: "key", key: event.key, ctrl, shift: event.shiftKey, alt: event.altKey,
            code: event.code});
    }
  });
  const grid = document.getElementById("grid");
  if (grid) {
    // A click selects its cell; what Shift and Ctrl (or Cmd) do with it is Python's to
    // say (pycore.app.editor's click). A drag (mouse, pen or finger) selects every cell it
    // passes over: the first as a plain selection, the others joining it. A drag's end is
    // no click on a cell (its target is the grid).
    grid.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-index]");
      if (cell && !dragged) {
        send({event: "cell", index: Number(cell.dataset.index), shift: event.shiftKey,
              ctrl: event.ctrlKey || event.metaKey});
      }
      dragged = false;
    });
    let start = -1;  // the cell a pointer went down on, while it is down
    let last = -1;  // the last cell the drag passed over
    let dragged = false;
    let joins = false;  // Shift or Ctrl held when the drag began: it adds to the selection
    // A drag enters a cell away from its corners: one that passes diagonally from a cell to
    // its diagonal neighbour crosses only the corners of the two cells beside it, which do
    // not join (a thermometer or an arrow drawn diagonally, as in SudokuPad).
    const cellAt = (event) => {
      const found = document.elementFromPoint(event.clientX, event.clientY);
      const cell = found && found.closest ? found.closest("#grid [data-index]") : null;
      if (!cell || cell.dataset.kind === "outside") {
        return -1;
      }
      const box = cell.getBoundingClientRect();
      const dx = Math.abs(event.clientX - box.left - box.width / 2) / box.width;
      const dy = Math.abs(event.clientY - box.top - box.height / 2) / box.height;
      return dx > 0.3 && dy > 0.3 ? -1 : Number(cell.dataset.index);
    };
    grid.addEventListener("pointerdown", (event) => {
      const cell = event.target.closest("[data-index]");
      start = last = cell && event.button === 0 ? Number(cell.dataset.index) : -1;
      joins = event.shiftKey || event.ctrlKey || event.metaKey;
      dragged = false;
    });
    grid.addEventListener("pointermove", (event) => {
      if (start < 0) {
        return;
      }
      const index = cellAt(event);
      if (index < 0 || index === last) {
        return;
      }
      if (!dragged) {
        dragged = true;
        send({event: "cell", index: start, extend: joins, drag: true});
      }
      last = index;
      send({event: "cell", index, extend: true, drag: true});
    });
    const stop = () => {
      start = -1;
    };
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
  }
  const pad = document.getElementById("pad");
  if (pad) {
    pad.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-digit]");
      if (button) {
        send({event: "pad", digit: button.dataset.digit});
      }
    });
  }
  WRITES.watch = (key) => {
    watched = key;
  };
  WRITES.error = (text) => console.error(text);
  // the item to remove as the page goes (this tab's lease on its slot)
  WRITES.leave = (key) => window.addEventListener("pagehide", () => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage is off: nothing was leased
    }
  });
  // Python's handlers for [element id ("window": the window), event type, the ids of the
  // fields whose values it reads], in one call. Each event reaches Python as plain facts,
  // as JSON: its element and type, the target's value (a select, a radio, a field) or
  // open state (a panel), the key, the new address or the stored item another tab wrote,
  // the data-* attributes of the button it hit, and the fields' values (each with its
  // length; a value longer than `bound` is left out, so a huge paste is never copied).
  WRITES.listen = (wiring, bound) => {
    for (const [id, type, fields] of wiring) {
      byId(id).addEventListener(type, (event) => {
        const target = event.target;
        const facts = {id, type};
        if (target && typeof target.value === "string") {
          facts.value = target.value;
        }
        if (target && typeof target.open === "boolean") {
          facts.open = target.open;
        }
        if (target && target.type === "checkbox") {
          facts.checked = target.checked;
        }
        if (type === "keydown") {
          Object.assign(facts, {key: event.key, shift: event.shiftKey, composing: event.isComposing});
        } else if (type === "hashchange") {
          facts.address = event.newURL;
        } else if (type === "storage") {
          Object.assign(facts, {key: event.key, newValue: event.newValue, stored: stored()});
        }
        const button = target && target.closest ? target.closest("button") : null;
        if (button) {
          facts.data = {...button.dataset};
        }
        facts.values = {};
        facts.lengths = {};
        for (const field of fields) {
          const value = byId(field).value;
          facts.lengths[field] = value.length;
          facts.values[field] = value.length <= bound ? value : null;
        }
        post(facts);
      });
    }
  };
  // The heavy worker (PyScript's Pyodide worker, web/heavy/heavy.py), started when Python says
  // (once the grid takes input), the way PyScript's create_named_worker starts one: a
  // <script type="py" worker> that PyScript's core, loaded now, runs. Python's calls to it
  // and their answers pass through here as text.
  let heavy = null;
  WRITES["heavy-start"] = (core, src, config, start) => {
    const starting = async () => {
      await import(here(core));
      const script = document.createElement("script");
      script.type = "py";
      script.src = src;
      script.setAttribute("worker", "");
      script.setAttribute("name", "heavy");
      script.setAttribute("config", config);
      document.body.append(script);
      for (let waited = 0; !script.xworker; waited += 20) {  // PyScript takes it up soon
        if (waited > 60000) {
          throw new Error("PyScript did not start the heavy worker");
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const functions = (await script.xworker.ready).sync;
      await functions.start(start);
      heavy = functions;
    };
    starting().then(() => post({event: "heavy-up"}),
                    (error) => post({event: "heavy-failed", error: String(error)}));
  };
  WRITES["heavy-call"] = (id, name, args) => {
    heavy[name](...args).then((answer) => post({event: "heavy-answer", call: id, answer: String(answer)}),
                              (error) => post({event: "heavy-answer", call: id, answer: null,
                                               error: String(error)}));
  };
  // A new build. Its service worker (web/offline/sw.js) takes over at once (skipWaiting,
  // clients.claim), but the page in front of the player was served by the old one: the
  // browser looks for a new sw.js only after a navigation, so the reload that finds it
  // still shows the old page. When a new worker takes over a page an older one controlled
  // (not the first worker's claim of a first visit's page), the page reloads itself if the
  // player has not touched it yet: nothing is lost, the address and storage hold the grid,
  // and the new page never runs with the old one's files. Once the player has begun, a
  // reload would take their Undo history: Python offers one instead (#update).
  if (navigator.serviceWorker) {
    let controlled = navigator.serviceWorker.controller !== null;
    let touched = false;
    for (const type of ["pointerdown", "keydown", "input", "paste"]) {
      document.addEventListener(type, () => {
        touched = true;
      }, {capture: true, once: true});
    }
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!controlled) {
        controlled = true;  // the first worker, on a first visit: this page is its build
      } else if (touched) {
        post({event: "update-ready"});
      } else {
        window.location.reload();
      }
    });
    document.getElementById("update-reload")?.addEventListener("click", () => window.location.reload());
  }
  // What Python reads at start, sent first: the address, the level menu's choice (as the
  // browser may have restored it), the build's optional wheels and its heavy worker, the
  // items saved here; and where MicroPython, web/light/main.py and the bundle are.
  const level = document.getElementById("level");
  const facts = {href: location.href, hash: location.hash, level: level ? level.value : "",
                 wheels: meta("pycore-wheels"), heavy: meta("pycore-heavy"),
                 stored: stored()};
  const urls = {};
  for (const name of ["micropython", "wasm", "main", "bundle"]) {
    urls[name] = here(plan[name]);
  }
  python.postMessage(JSON.stringify({facts: JSON.stringify(facts), urls}));
})();
