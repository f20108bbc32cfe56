import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./vite/precompress.ts";
import { shellChunks } from "./vite/shell-chunks.ts";

// One id per build, compiled into both the server and the browser bundles: the browser compares
// its own with the server's to learn that a new version is out.
const buildId = process.env.BUILD_ID || Date.now().toString(36);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunks(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
});
