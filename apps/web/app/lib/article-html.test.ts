import { describe, expect, it } from "vitest";
import { proxyBodyImages } from "./article-html.ts";

describe("proxyBodyImages", () => {
  it("points local body images at the proxy in webp at phone to 2x widths, lazily", () => {
    const html = proxyBodyImages('<figure><img src="/media/news/a.jpg" alt="湯" loading="eager"></figure>');
    expect(html).toBe(
      '<figure><img alt="湯" src="/_ipx/f_webp,w_720,q_80/media/news/a.jpg" srcset="/_ipx/f_webp,w_480,q_80/media/news/a.jpg 480w, /_ipx/f_webp,w_720,q_80/media/news/a.jpg 720w, /_ipx/f_webp,w_960,q_80/media/news/a.jpg 960w, /_ipx/f_webp,w_1440,q_80/media/news/a.jpg 1440w" sizes="(min-width: 768px) 720px, 100vw" loading="lazy" decoding="async"></figure>',
    );
  });

  it("reads the sanitizer's self-closing form as the same image", () => {
    const html = proxyBodyImages('<img src="/media/news/a.jpg" alt="湯" width="1600" height="1000" />');
    expect(html).toMatch(
      /^<img alt="湯" width="1600" height="1000" src="\/_ipx\/f_webp,w_720,q_80\/media\/news\/a\.jpg" srcset="[^"]+" sizes="[^"]+" loading="lazy" decoding="async">$/,
    );
  });

  it("leaves other images and markup alone", () => {
    const html = '<p>文字</p><img src="/youtube/vi/x/0.jpg" alt="">';
    expect(proxyBodyImages(html)).toBe(html);
  });
});
