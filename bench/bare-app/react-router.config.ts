import type { Config } from "@react-router/dev/config";

/** The bare comparison app: SSR on, one route, no loaders, no CSS. */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
