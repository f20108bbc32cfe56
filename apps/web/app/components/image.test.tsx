import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Image, type ImageProps } from "./image.tsx";

const render = (props: { [K in keyof ImageProps]?: unknown }) =>
  renderToString(<Image src="/media/news/a.jpg" alt="湯" width={400} height={250} {...(props as object)} />);

describe("Image rendered on the server", () => {
  it("is a lazy webp through the proxy at 1x and 2x, with its box reserved", () => {
    const html = render({});
    expect(html).toContain('src="/_ipx/f_webp,fit_cover,s_400x250,q_80/media/news/a.jpg"');
    expect(html).toContain("/_ipx/f_webp,fit_cover,s_800x500,q_80/media/news/a.jpg 2x");
    expect(html).toContain('width="400"');
    expect(html).toContain('height="250"');
    expect(html).toContain('loading="lazy"');
  });

  it("refuses what SPEC §5 forbids", () => {
    expect(() => render({ loading: "soon" })).toThrow(/loading must be lazy or eager/);
    expect(() => render({ decoding: "later" })).toThrow(/decoding/);
    expect(() => render({ crossOrigin: "everyone" })).toThrow(/crossorigin/);
    expect(() => render({ densities: [] })).toThrow(/densities/);
    expect(() => render({ provider: "cloudinary" })).toThrow(/Unknown image provider/);
    expect(() => render({ preset: "huge" })).toThrow(/Unknown image preset/);
    expect(() => render({ sizes: "wide" })).toThrow(/Invalid image sizes/);
    expect(() => render({ src: "https://example.com/a.jpg" })).toThrow(/local path/);
  });
});
