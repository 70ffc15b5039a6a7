// The build's client folder does not change while the server runs, so what it holds is read once
// at start: a page's request then goes straight to the app instead of asking the disk first (a
// file-system lookup that fails, on every page). Plain JavaScript: server.js uses it.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file and folder under `root`, as URL paths ("/favicon.svg", "/map", "/map/blank-style.json"). */
export function listFiles(root) {
  const paths = new Set();
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const url = `${prefix}/${entry.name}`;
      paths.add(url);
      if (entry.isDirectory()) walk(path.join(dir, entry.name), url);
    }
  };
  walk(root, "");
  return paths;
}

/**
 * Runs `serve` (express.static over the same folder) only for a request that may name one of
 * `paths`, as express.static itself would read the address (decoded, with "." and ".." resolved);
 * everything else goes on at once. An address that cannot be decoded is left to `serve` to refuse.
 */
export function onlyFor(paths, serve) {
  return (req, res, next) => {
    let file;
    try {
      file = path.posix.normalize(decodeURIComponent(req.path)).replace(/(.)\/+$/, "$1");
    } catch {
      return serve(req, res, next);
    }
    return paths.has(file) ? serve(req, res, next) : next();
  };
}
