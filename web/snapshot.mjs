// Makes the page's memory snapshot at `pycore build` (run by pycore/site.py with Node):
//
//   node snapshot.mjs <folder holding pyodide.mjs> <output file> <snapshot id> <module>...
//
// It starts the vendored Pyodide, imports the standard-library modules the page's start-up
// imports (so a restored interpreter has them already), and writes the interpreter's memory
// as raw bytes; the build gzips them. PYCORE_SNAPSHOT=<id> in the environment lets the
// page's Python tell that it was restored from this snapshot, not started afresh.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [folder, output, id, ...modules] = process.argv.slice(2);
const indexURL = path.resolve(folder) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  // the browser's values, not this machine's (a Node snapshot keeps what it was given)
  _sysExecutable: "./this.program",
  env: { HOME: "/home/pyodide", PYCORE_SNAPSHOT: id },
  stdout: () => {},
});
for (const name of modules) {
  py.runPython(`import ${name}`);
}
writeFileSync(output, py.makeMemorySnapshot());
