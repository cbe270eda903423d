// Makes the page's memory snapshot at `pycore build` (run by pycore/site.py with Node):
//
//   node snapshot.mjs <folder holding pyodide.mjs> <output file> <snapshot id> <pycore zip> <module>...
//
// It starts the vendored Pyodide, unpacks pycore's zip where the page's PyScript `files`
// puts it (the home folder, the interpreter's working directory), imports the modules the
// page's start-up imports (the standard library's and pycore's), so a restored interpreter
// has them already, and writes the interpreter's memory as raw bytes; the build gzips them.
// Only the memory is kept, not the file system: the page still unpacks the same zip, which
// is where modules imported later (pycore.solve, ...) come from. PYCORE_SNAPSHOT=<id> in
// the environment lets the page's Python tell that it was restored from this snapshot.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [folder, output, id, archive, ...modules] = process.argv.slice(2);
const indexURL = path.resolve(folder) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const HOME = "/home/pyodide";
const py = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  // the browser's values, not this machine's (a Node snapshot keeps what it was given)
  _sysExecutable: "./this.program",
  env: { HOME, PYCORE_SNAPSHOT: id },
  stdout: () => {},
});
// a plain Uint8Array: Pyodide does not take Node's Buffer
py.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: HOME });
py.runPython(`
import os, sys
os.chdir(${JSON.stringify(HOME)})
for name in ${JSON.stringify(modules)}:
    __import__(name)
where = os.path.dirname(sys.modules["pycore"].__file__) if "pycore" in sys.modules else None
if where is not None and where != ${JSON.stringify(HOME + "/pycore")}:
    raise SystemExit(f"pycore was imported from {where}, not where the page unpacks it")
`);
writeFileSync(output, py.makeMemorySnapshot());
