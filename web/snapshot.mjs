// Makes the page's memory snapshot at `pycore build` (run by pycore/site.py with Node):
//
//   node snapshot.mjs <node_modules folder> <plan.json> <output file>
//
// The plan (written by pycore/site.py) names the snapshot's id, pycore's zip, the modules to
// import, and the page's own modules' sources with web/precompiled.py; PyScript's `pyscript`
// package, which PyScript writes into the home folder on every start, comes from the
// pinned npm package's own copy of what it writes (src/stdlib/pyscript.js). This starts the
// vendored Pyodide, unpacks the zip into the home folder (the interpreter's working
// directory, where web/main.py unpacks it when a page starts without the snapshot), imports
// the standard library's start-up modules and every pycore module, compiles the page's
// modules and PyScript's (importing them needs the page), and writes the interpreter's
// memory as raw bytes; the build gzips them. Only the memory is kept, not the file system:
// a restored page needs no pycore file, since every module is imported already, and no
// page module's file either (web/precompiled.py runs its compiled code when there is none).
// PYCORE_SNAPSHOT=<id> in the environment lets the page's Python tell that it was restored
// from this snapshot, not started afresh.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [modules, planFile, output] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const indexURL = path.resolve(modules, "pyodide") + path.sep;
const stdlib = path.resolve(modules, "@pyscript", "core", "src", "stdlib", "pyscript.js");
const { default: pyscriptFiles } = await import(pathToFileURL(stdlib).href);

// PyScript's files as module name -> [file, source], beside the page's
const compiled = { ...plan.compiled };
const addFiles = (folder, files) => {
  for (const [name, value] of Object.entries(files)) {
    const file = folder ? `${folder}/${name}` : name;
    if (typeof value !== "string") {
      addFiles(file, value);
    } else if (name.endsWith(".py")) {
      const module = file.slice(0, -3).replace(/\/__init__$/, "").replaceAll("/", ".");
      compiled[module] = [file, value];
    }
  }
};
addFiles("", pyscriptFiles);
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const HOME = "/home/pyodide";
const py = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  // the browser's values, not this machine's (a Node snapshot keeps what it was given)
  _sysExecutable: "./this.program",
  env: { HOME, PYCORE_SNAPSHOT: plan.id },
  stdout: () => {},
});
// a plain Uint8Array: Pyodide does not take Node's Buffer
py.unpackArchive(new Uint8Array(readFileSync(plan.archive)), "zip", { extractDir: HOME });
const text = JSON.stringify;
py.runPython(`
import os, sys, types
os.chdir(${text(HOME)})
for name in ${text(plan.imports)}:
    __import__(name)
where = os.path.dirname(sys.modules["pycore"].__file__) if "pycore" in sys.modules else None
if where is not None and where != ${text(HOME + "/pycore")}:
    raise SystemExit(f"pycore was imported from {where}, not where the page unpacks it")
precompiled = types.ModuleType("precompiled")
exec(compile(${text(plan.precompiled)}, "precompiled.py", "exec"), precompiled.__dict__)
precompiled.install(${text(text(compiled))}, ${text(HOME)})
del os, sys, types, name, where, precompiled
`);
writeFileSync(output, py.makeMemorySnapshot());
