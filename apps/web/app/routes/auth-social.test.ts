import { describe, expect, it } from "vitest";
import { createLoadContext } from "../entry.server.tsx";
import { loader } from "./auth-social.ts";

/** The loader of /auth/social/:provider on a site whose API offers `offered`. */
async function begin(provider: string, offered: string[], query = "") {
  const url = new URL(`https://shiyi.example/auth/social/${provider}${query}`);
  const request = new Request(url);
  const context = createLoadContext({
    apiFetch: async (asked) => {
      expect(new URL(asked.url).pathname).toBe("/api/members/oauth");
      return Response.json({ data: offered.map((name) => ({ provider: name, name })) });
    },
    apiBaseUrl: "https://shiyi.example/api",
    publicUrl: "https://shiyi.example",
    apiPublicUrl: "https://shiyi.example/api",
    requestId: "request-1",
    request,
    clientSecret: "c".repeat(16),
  });
  try {
    await loader({ params: { provider }, context, url, request } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  throw new Error("the loader always redirects");
}

describe("beginning a social sign-in", () => {
  it("goes to the API's start with a nonce for a provider the site offers", async () => {
    expect(await begin("google", ["google", "line"])).toMatch(
      /^https:\/\/shiyi\.example\/api\/members\/oauth\/google\?nonce=[\w-]{32}$/,
    );
  });

  it("goes back to the login page for one it does not offer (no keys), or does not know", async () => {
    expect(await begin("line", ["google"])).toBe("/auth/login");
    expect(await begin("myspace", ["google"])).toBe("/auth/login");
    // The page the reader was going to comes along.
    expect(await begin("line", ["google"], "?redirect=%2Fmember%2Fhistory")).toBe(
      "/auth/login?redirect=%2Fmember%2Fhistory",
    );
  });
});
