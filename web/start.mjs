// The interpreter module the page names in PyScript's config: Pyodide's own loadPyodide,
// started from the memory snapshot `pycore build` made (web/snapshot.mjs), so a visit skips
// initialising the interpreter (seconds on a phone).
//
// PyScript takes `loadPyodide` and `version` from this module and uses its folder as
// Pyodide's indexURL, so the build puts it beside pyodide.mjs in the version-named folder,
// with the SNAPSHOT line filled in. The snapshot downloads while the wasm compiles
// (`_loadSnapshot` takes a promise). If it cannot be fetched, decompressed or restored, the
// interpreter starts the normal way: the page is only slower, never broken.
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

const SNAPSHOT = {"file": "", "bytes": 0};

export { version };

// The gunzipped snapshot, read straight into one buffer of its known size.
async function snapshot() {
  const answer = await fetch(new URL(SNAPSHOT.file, import.meta.url));
  if (!answer.ok || !answer.body) {
    throw new Error(`snapshot ${SNAPSHOT.file}: HTTP ${answer.status}`);
  }
  const bytes = new Uint8Array(SNAPSHOT.bytes);
  const reader = answer.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    if (at + value.length > bytes.length) {
      throw new Error(`snapshot ${SNAPSHOT.file}: longer than ${bytes.length} bytes`);
    }
    bytes.set(value, at);
    at += value.length;
  }
  if (at !== bytes.length) {
    throw new Error(`snapshot ${SNAPSHOT.file}: ${at} of ${bytes.length} bytes`);
  }
  return bytes;
}

export async function loadPyodide(options) {
  if (SNAPSHOT.file && typeof DecompressionStream === "function") {
    const bytes = snapshot();
    bytes.catch(() => undefined);  // a failure is handled below, not reported as unhandled
    try {
      return await loadFresh({ ...options, _loadSnapshot: bytes });
    } catch (err) {
      console.warn("Starting Python without the snapshot:", err);
    }
  }
  return loadFresh(options);
}
