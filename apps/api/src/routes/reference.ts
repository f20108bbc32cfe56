type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: { type?: string; default?: unknown };
  }[];
  responses?: Record<string, { description?: string }>;
};

const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain, dependency-free reference page rendered from the OpenAPI document. */
export function renderReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${escape(p.schema?.type ?? "")}</td><td>${p.required ? "必填" : p.schema?.default !== undefined && p.schema.default !== "" ? `預設 ${escape(p.schema.default)}` : "選填"}</td></tr>`,
        )
        .join("");
      const responses = Object.entries(op.responses ?? {})
        .map(([status, r]) => `<li><code>${escape(status)}</code> ${escape(r.description ?? "")}</li>`)
        .join("");
      const html = `<section id="${escape(method + path)}"><h3><span class="m">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3><p>${escape(op.summary ?? "")}</p>${params ? `<table><thead><tr><th>參數</th><th>位置</th><th>型別</th><th></th></tr></thead><tbody>${params}</tbody></table>` : ""}<ul>${responses}</ul></section>`;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const body = [...byTag].map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(doc.info.title)} API</title><style>body{font:16px/1.6 system-ui,"Noto Sans CJK TC",sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}h2{border-bottom:1px solid #ccc;margin-top:2.5rem}section{margin:1.5rem 0}.m{display:inline-block;min-width:3.5rem;font-size:.8em;background:#2f4f3a;color:#fff;padding:0 .4em;border-radius:3px;text-align:center}table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left}</style></head><body><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>${doc.info.description ? `<p>${escape(doc.info.description)}</p>` : ""}<p>路徑皆在 <code>${escape(doc.servers?.[0]?.url ?? "")}</code> 之下；機器可讀版本：<a href="openapi.json">openapi.json</a></p>${body}</body></html>`;
}
