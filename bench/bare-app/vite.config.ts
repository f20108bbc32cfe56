import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * `BARE_TEXT_BYTES` (set by bench/run.ts from the article page it measures) sizes the static text
 * of the page, so that the bare route renders HTML of about the same size as the article page.
 */
const textBytes = Number(process.env.BARE_TEXT_BYTES ?? 20_000);

export default defineConfig({
  plugins: [reactRouter()],
  define: { __BARE_TEXT_BYTES__: JSON.stringify(Number.isFinite(textBytes) ? textBytes : 20_000) },
});
