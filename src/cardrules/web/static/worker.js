// cardrules static site: the engine and the computer players in a Web Worker, under Pyodide.
// The page posts the requests it would send to `cardrules serve` ({id, method, path, body,
// saved}); cardrules.web.local answers them here, on the player's device.
"use strict";

importScripts("../pyodide/pyodide.js");

// The command-line package's __init__ loads every command, the leaderboard's SQLite among
// them, which Pyodide's standard library leaves out. The web code needs only some of its
// modules (options, players, render, errors), so the package is registered without running
// its __init__; its modules then load from the wheel as usual.
const BOOT = `
import os, sys, types, importlib.util
_spec = importlib.util.find_spec("cardrules")
_cli = types.ModuleType("cardrules.cli")
_cli.__path__ = [os.path.join(os.path.dirname(_spec.origin), "cli")]
sys.modules["cardrules.cli"] = _cli
from cardrules.web.local import LocalTables
tables = LocalTables()
`;

// Python compiles each module's source to bytecode when it is first imported, which is a
// good part of the engine's start. The bytecode is kept in the browser's IndexedDB (one
// folder per build of the site), so the next start reads it instead. The unpacked sources
// get a fixed time, so that the kept bytecode matches them. Returns the function that saves
// what this start compiled, or null if the browser keeps nothing (the game runs either way).
async function keepBytecode(pyodide, build, purelib) {
  const FS = pyodide.FS;
  const sync = (populate) => new Promise((resolve, reject) =>
    FS.syncfs(populate, (error) => (error ? reject(error) : resolve())));
  try {
    FS.mkdirTree("/bytecode");
    FS.mount(FS.filesystems.IDBFS, {}, "/bytecode");
    await sync(true);
  } catch (error) {
    console.warn("no bytecode cache:", error);
    return null;
  }
  pyodide.runPython(`
import os, sys
for name in os.listdir("/bytecode"):
    if name != ${JSON.stringify(build)}:
        import shutil
        shutil.rmtree(os.path.join("/bytecode", name), ignore_errors=True)
for folder, _, files in os.walk(${JSON.stringify(purelib)}):
    for file in files:
        if file.endswith(".py"):
            os.utime(os.path.join(folder, file), (1577836800, 1577836800))
sys.dont_write_bytecode = False
sys.pycache_prefix = ${JSON.stringify(`/bytecode/${build}`)}
`);
  return async () => {
    try { await sync(false); } catch (error) { console.warn("bytecode not kept:", error); }
  };
}

async function boot() {
  const started = performance.now();
  const site = await (await fetch("../site.json")).json();
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", location.href).href });
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of site.wheels) {
    const response = await fetch(`../wheels/${wheel}`);
    if (!response.ok) throw new Error(`cannot load ${wheel}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: purelib });
  }
  const compiled = await keepBytecode(pyodide, site.build, purelib);
  pyodide.runPython(BOOT);
  if (compiled) await compiled();
  const tables = pyodide.globals.get("tables");
  const handle = tables.handle;
  pyodide.runPython("from cardrules.web.local import bot_think_times");
  const thinkTimes = pyodide.globals.get("bot_think_times");
  return { handle, thinkTimes, bootMs: performance.now() - started };
}

const ready = boot();
ready.then((engine) => postMessage({ ready: true, bootMs: engine.bootMs }),
  (error) => postMessage({ ready: false, error: String(error) }));

onmessage = async (event) => {
  const { id, kind, method, path, body, saved, game, level, moves, seed } = event.data;
  try {
    const engine = await ready;
    if (kind === "think") {
      const times = engine.thinkTimes(game, level, moves, seed);
      postMessage({ id, times: times.toJs() });
      times.destroy();
      return;
    }
    const reply = engine.handle(method, path, body === undefined ? null : body,
      saved === undefined ? null : saved);
    postMessage({ id, reply });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
