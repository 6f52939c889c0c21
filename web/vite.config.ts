// Builds the client into the Python package (served by `hexfront serve` at / and /static/app/).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/static/app/",
  build: {
    outDir: "../src/hexfront/server/static/app",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    // `npm run dev` against a running `make run`
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
});
