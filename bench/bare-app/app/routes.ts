import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/page.tsx"), route("with-data", "routes/with-data.tsx")] satisfies RouteConfig;
