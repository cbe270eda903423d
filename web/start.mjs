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

// The snapshot's bytes, read straight into one buffer of their known size. From the
// network they come gzipped and are gunzipped here; the service worker keeps them
// gunzipped already (web/sw.js), and gzip's magic bytes tell which came.
async function snapshot() {
  const answer = await fetch(new URL(SNAPSHOT.file, import.meta.url));
  if (!answer.ok || !answer.body) {
    throw new Error(`snapshot ${SNAPSHOT.file}: HTTP ${answer.status}`);
  }
  let reader = answer.body.getReader();
  let chunk = await reader.read();
  if (!chunk.done && chunk.value[0] === 0x1f && chunk.value[1] === 0x8b) {
    const [first, rest] = [chunk.value, reader];
    const gzipped = new ReadableStream({
      start(controller) {
        controller.enqueue(first);  // the chunk read to look at, then the rest as it comes
      },
      async pull(controller) {
        const next = await rest.read();
        if (next.done) {
          controller.close();
        } else {
          controller.enqueue(next.value);
        }
      },
    });
    reader = gzipped.pipeThrough(new DecompressionStream("gzip")).getReader();
    chunk = await reader.read();
  }
  const bytes = new Uint8Array(SNAPSHOT.bytes);
  let at = 0;
  for (; !chunk.done; chunk = await reader.read()) {
    if (at + chunk.value.length > bytes.length) {
      throw new Error(`snapshot ${SNAPSHOT.file}: longer than ${bytes.length} bytes`);
    }
    bytes.set(chunk.value, at);
    at += chunk.value.length;
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
