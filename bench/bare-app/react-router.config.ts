import type { Config } from "@react-router/dev/config";

/** The bare comparison app: SSR on, two routes (a static page, and the same page with data), no CSS. */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
