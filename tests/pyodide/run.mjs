// Run pycore's unit tests inside Pyodide (Python 3.14 in wasm) under Node, offline.
// Usage: node run.mjs <pyodide dir> <wheels dir> <project dir> [pytest args...]
// The project folder is mounted, not copied; pytest writes no cache there.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, projectDir, ...pytestArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });

const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of readdirSync(wheelsDir).filter((n) => n.endsWith(".whl"))) {
  const wheel = new Uint8Array(readFileSync(join(wheelsDir, name)));
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
}
pyodide.FS.mkdirTree("/proj/main");
pyodide.mountNodeFS("/proj/main", resolve(projectDir));

pyodide.globals.set("pytest_args", pytestArgs);
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/proj/main")
sys.path.insert(0, "/proj/main")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}", flush=True)
pytest.main(["-p", "no:cacheprovider", *pytest_args.to_py()])
`);
process.exit(Number(code));
