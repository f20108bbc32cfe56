import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Every route of SPEC §2, by its path. */
export default [
  index("routes/home.tsx"),
  route("news", "routes/news.tsx"),
  route("news/category/:path", "routes/news-category.tsx"),
  route("news/:path", "routes/news-detail.tsx"),
  route("columns", "routes/columns.tsx"),
  route("columns/category/:path", "routes/columns-category.tsx"),
  route("columns/:path", "routes/columns-detail.tsx"),
  route("features", "routes/features.tsx"),
  route("features/:path", "routes/features-detail.tsx"),
  route("magazines", "routes/magazines.tsx"),
  route("magazines/:path", "routes/magazines-detail.tsx"),
  route("author", "routes/authors.tsx"),
  route("author/:path", "routes/author-detail.tsx"),
  route("policy", "routes/policy.tsx"),
  route("policy/:path", "routes/policy-detail.tsx"),
  route("about", "routes/about.tsx"),
  route("ebooks", "routes/ebooks.tsx"),
  route("contact", "routes/contact.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("_version", "routes/version.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
