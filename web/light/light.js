// The page's Python, in a worker of its own: MicroPython 1.27 (the build PyScript loads, from
// its npm package) running web/light/main.py, which imports the light bundle and builds the page
// (web/light/page.py). The main thread runs no interpreter at all, so a phone stays free to paint
// and scroll while Python starts, and a keystroke's encoding never holds up the next tap.
//
// The page and its Python speak only in strings (web/main/early.js is the page's side):
// - the page's first message is {facts, urls}: what Python reads at start (dom.FACTS) and
//   where MicroPython, main.py and the bundle are; every later message is an event's
//   facts as JSON, handed to Python's listener (`pycoreListen`) in order, the ones that
//   came while Python was starting included;
// - Python answers with JSON, {writes, busy, answer} (web/light/dom.py's `flush`), posted as it is.
"use strict";

let listener = null;  // Python's handler of a message, once it listens
const waiting = [];  // messages that came before it did
let started = false;

self.onmessage = (event) => {
  if (!started) {
    started = true;
    start(JSON.parse(event.data)).catch((error) => {
      self.postMessage(JSON.stringify({writes: [["error", `page: Python could not start: ${error}`]],
                                       busy: 0, answer: false}));
    });
  } else if (listener) {
    listener(event.data);
  } else {
    waiting.push(event.data);
  }
};

// What Python calls (as `js.pycore...`): its listener, its answers, the clock.
self.pycoreListen = (handler) => {
  listener = handler;
  for (const message of waiting.splice(0)) {
    handler(message);
  }
};
self.pycorePost = (text) => self.postMessage(text);
// The clock, as text: MicroPython's foreign-function layer turns a whole JS number into a
// small int and keeps only its low 31 bits (Date.now() would wrap every 24.8 days).
self.pycoreNow = () => String(Date.now());

async function start({facts, urls}) {
  self.pycoreFacts = facts;
  // all three asked for at once: MicroPython, the page's script and the bundle it imports
  const text = (url) => fetch(url).then((answer) => {
    if (!answer.ok) {
      throw new Error(`${url}: HTTP ${answer.status}`);
    }
    return answer.text();
  });
  self.pycoreBundle = text(urls.bundle);
  const main = text(urls.main);
  // MicroPython's wasm, asked for now rather than once micropython.mjs has come and asks
  // for it (a round trip later): its own request then finds it in the HTTP cache
  const wasm = fetch(urls.wasm).then((answer) => answer.arrayBuffer()).catch(() => undefined);
  const { loadMicroPython } = await import(urls.micropython);
  await wasm;
  const python = await loadMicroPython({
    url: urls.wasm,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  await python.runPythonAsync(await main);
}
