// After `vite build`: write manifest.json next to the bundle with a sha256 over the client's
// sources, so that a Python test can tell whether the committed bundle is current
// (tests/server/test_server_client.py recomputes the same hash; keep both in step).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const out = join(here, "..", "src", "hexfront", "server", "static", "app");
export const SOURCES = [
  "src", "index.html", "package.json", "package-lock.json", "tsconfig.json", "vite.config.ts",
  "build-manifest.mjs",
];

function walk(path) {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((n) => walk(join(path, n)));
  return [path];
}

const files = SOURCES.flatMap((s) => walk(join(here, s)))
  .map((p) => relative(here, p).split(sep).join("/"))
  .sort();
const hash = createHash("sha256");
for (const f of files) {
  hash.update(f + "\0");
  hash.update(readFileSync(join(here, f)));
  hash.update("\0");
}
const bundle = walk(out).filter((p) => !p.endsWith("manifest.json"));
const bytes = bundle.reduce((n, p) => n + statSync(p).size, 0);
const manifest = {
  sources_sha256: hash.digest("hex"),
  sources: files,
  bundle: bundle.map((p) => relative(out, p).split(sep).join("/")).sort(),
  bundle_bytes: bytes,
  note: "written by web/build-manifest.mjs; rebuild with `make web`",
};
writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(`manifest: ${files.length} sources, bundle ${bytes} bytes`);
