// Run a Python script under MicroPython 1.27 (the page's main-thread interpreter, npm
// @micropython/micropython-webassembly-pyscript, as web/package-lock.json pins it) in Node,
// with the given files of this repository in its file system, as the page's bundle puts them.
//
//   node tests/micropython/run.mjs [--root DIR] [--files JSON] [--put HOST=PATH]
//                                  [--get PATH=HOST] [--heap MB] SCRIPT.py [FILE ...]
//
// FILE (or each path of the JSON array given to --files) is a path relative to the repository
// root (DIR, by default the folder two levels up from this script): it is written at the same
// path in MicroPython's file system, whose working directory is its root, so that `import
// pycore` finds pycore/__init__.py. A file under web/light/micropython/ (the typing stubs of
// pycore.site.light.STUBS) is written at the top, by its name, as the page's bundle does. SCRIPT is
// read from the host ("-" reads it from standard input) and run as __main__; its sys.argv holds
// SCRIPT and nothing else. A script that leaves a global STEPS, a list of functions, has each
// called in a runPython call of its own (MicroPython collects garbage only between calls, as
// between the page's events). --put HOST=PATH writes a host file at PATH in MicroPython's
// file system (data for the script); --get PATH=HOST copies the file the script wrote at PATH
// to HOST once it has run (much faster than printing a long answer: MicroPython's standard
// output reaches Node one byte per call); --heap sets the first heap in MB (it grows).
// What the script prints goes to standard output. A Python exception ends the
// process with status 1 and its traceback on standard error; status 2 means the runner itself
// could not start (MicroPython missing: run `npm ci` in web/).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let root = resolve(here, "..", "..");
let heapMB = 64;
const files = [];
const puts = [];  // HOST=PATH: a host file written at PATH in MicroPython's file system
const gets = [];  // PATH=HOST: a file MicroPython wrote at PATH, copied to HOST afterwards
while (args.length && args[0].startsWith("--")) {
  const flag = args.shift();
  if (flag === "--root") root = resolve(args.shift());
  else if (flag === "--files") files.push(...JSON.parse(args.shift()));
  else if (flag === "--heap") heapMB = Number(args.shift());
  else if (flag === "--put") puts.push(args.shift());
  else if (flag === "--get") gets.push(args.shift());
  else fail(`unknown option ${flag}`);
}
if (!args.length) fail("usage: run.mjs [--root DIR] [--files JSON] [--put HOST=PATH] [--get PATH=HOST] "
                     + "[--heap MB] SCRIPT.py [FILE ...]");
const script = args.shift();
files.push(...args);

function fail(message) {
  process.stderr.write(`run.mjs: ${message}\n`);
  process.exit(2);
}

const entry = join(root, "web", "node_modules", "@micropython",
                   "micropython-webassembly-pyscript", "micropython.mjs");
let loadMicroPython;
try {
  ({ loadMicroPython } = await import(pathToFileURL(entry).href));
} catch (error) {
  fail(`MicroPython is not installed (${entry}): run \`npm ci\` in web/ (${error.message})`);
}

const source = readFileSync(script === "-" ? 0 : script, "utf8");
const out = [];
const mp = await loadMicroPython({
  heapsize: heapMB * 1024 * 1024,
  linebuffer: false,
  stdout: (bytes) => { for (const byte of bytes) out.push(byte); },
  stderr: (bytes) => process.stderr.write(bytes),
});

for (const path of files) {
  const stub = path.startsWith("web/light/micropython/");
  const target = stub ? "/" + path.split("/").pop() : "/" + path;
  const folder = target.slice(0, target.lastIndexOf("/"));
  if (folder) mp.FS.mkdirTree(folder);
  mp.FS.writeFile(target, readFileSync(join(root, path)));
}

for (const put of puts) {
  const at = put.lastIndexOf("=");
  const target = put.slice(at + 1);
  const folder = target.slice(0, target.lastIndexOf("/"));
  if (folder) mp.FS.mkdirTree(folder);
  mp.FS.writeFile(target, readFileSync(put.slice(0, at)));
}

let status = 0;
try {
  mp.runPython("import sys\nsys.argv.clear()\nsys.argv.append(" + JSON.stringify(script) + ")");
  mp.runPython(source);
  // A script that leaves a list STEPS of functions has each called in a call of its own, as
  // the page's events are: MicroPython collects garbage between calls, not within one.
  mp.runPython("_steps_ = len(STEPS) if 'STEPS' in globals() else 0");
  const steps = mp.globals.get("_steps_");
  for (let i = 0; i < steps; i++) mp.runPython(`STEPS[${i}]()`);
} catch (error) {
  if (error.name !== "PythonError") throw error;
  process.stderr.write(error.message);
  status = 1;
}
process.stdout.write(Buffer.from(out));
if (status === 0) {
  for (const get of gets) {
    const at = get.indexOf("=");
    writeFileSync(get.slice(at + 1), mp.FS.readFile(get.slice(0, at)));
  }
}
process.exitCode = status;
