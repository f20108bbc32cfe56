import { describe, expect, it, vi } from "vitest";
import {
  assertImageOptions,
  imageMeta,
  imageUrl,
  parseSizes,
  placeholderUrl,
  responsiveWidths,
} from "./image.ts";

describe("imageUrl", () => {
  it("builds IPX modifiers for format, fit, size, quality, blur and background", () => {
    expect(
      imageUrl("/media/news/a.jpg", {
        format: "webp",
        fit: "cover",
        width: 320,
        height: 200,
        quality: 70,
        blur: 3,
        background: "ffffff",
      }),
    ).toBe("/_ipx/f_webp,fit_cover,s_320x200,q_70,blur_3,b_ffffff/media/news/a.jpg");
  });

  it("asks for one side alone as that side, and for both as one box the fit applies to", () => {
    expect(imageUrl("/media/a.jpg", { width: 480.4 })).toBe("/_ipx/w_480/media/a.jpg");
    expect(imageUrl("/media/a.jpg", { height: 300 })).toBe("/_ipx/h_300/media/a.jpg");
    expect(imageUrl("/media/a.jpg", { width: 1200, height: 630, fit: "cover", format: "jpeg" })).toBe(
      "/_ipx/f_jpeg,fit_cover,s_1200x630/media/a.jpg",
    );
  });

  it("routes the video-thumbnail aliases through the proxy", () => {
    expect(imageUrl("/youtube/vi/abc/hqdefault.jpg", { width: 480 })).toBe(
      "/_ipx/w_480/youtube/vi/abc/hqdefault.jpg",
    );
  });

  it("makes the 10x10, quality 50, blur 3 webp placeholder", () => {
    expect(placeholderUrl("/media/a.jpg")).toBe("/_ipx/f_webp,fit_cover,s_10x10,q_50,blur_3/media/a.jpg");
  });

  it("refuses a source that is not a string or points at another host", () => {
    expect(() => imageUrl(42 as unknown as string, {})).toThrow(/must be a string/);
    expect(() => imageUrl("https://example.com/a.jpg", {})).toThrow(/local path/);
    expect(() => imageUrl("//example.com/a.jpg", {})).toThrow(/local path/);
  });
});

describe("parseSizes", () => {
  it("accepts a number, px and vw, per breakpoint", () => {
    expect(parseSizes(300)).toEqual([{ media: null, size: "300px", px: 300 }]);
    const sizes = parseSizes("100vw md:50vw xl:600px");
    expect(sizes.map((entry) => `${entry.media ?? ""} ${entry.size}`.trim())).toEqual([
      "(min-width: 1200px) 600px",
      "(min-width: 768px) 50vw",
      "100vw",
    ]);
    expect(sizes.find((entry) => entry.media === "(min-width: 768px)")?.px).toBe(384);
  });

  it("rejects anything else", () => {
    expect(() => parseSizes("50%")).toThrow(/Invalid image sizes/);
    expect(() => parseSizes("huge:50vw")).toThrow(/Unknown breakpoint/);
    expect(() => parseSizes(-1)).toThrow(/Invalid image sizes/);
    expect(() => parseSizes("")).toThrow();
  });
});

describe("responsiveWidths", () => {
  it("offers phone-sized widths for fluid images, up to the largest size at the highest density", () => {
    // 100vw holds below xl (1200 px), so up to 2400 px at 2x: every candidate, plus 600 and 1200.
    expect(responsiveWidths(parseSizes("100vw xl:600px"), [1, 2])).toEqual([
      320, 480, 600, 640, 750, 960, 1200, 1280, 1600, 1920,
    ]);
    expect(responsiveWidths(parseSizes("50vw sm:33vw xl:280px"), [1, 2])).toEqual([
      280, 320, 480, 560, 640, 750,
    ]);
    expect(responsiveWidths(parseSizes("100vw"), [1, 2])).toEqual([
      320, 480, 640, 750, 960, 1280, 1600, 1920,
    ]);
  });

  it("offers exactly the densities for fixed sizes", () => {
    expect(responsiveWidths(parseSizes(300), [1, 2])).toEqual([300, 600]);
  });
});

describe("assertImageOptions", () => {
  it("accepts the allowed values", () => {
    expect(() =>
      assertImageOptions({
        loading: "lazy",
        decoding: "async",
        crossOrigin: "",
        densities: [1, 2],
        provider: "ipx",
        preset: "cover",
      }),
    ).not.toThrow();
    expect(() => assertImageOptions({ crossOrigin: true, loading: "eager", decoding: "sync" })).not.toThrow();
  });

  it.each([
    [{ loading: "auto" }, /loading/],
    [{ decoding: "fast" }, /decoding/],
    [{ crossOrigin: "everyone" }, /crossorigin/],
    [{ densities: [] }, /densities/],
    [{ densities: "1x" }, /densities/],
    [{ provider: "cloudinary" }, /provider/],
    [{ preset: "poster" }, /preset/],
  ])("throws on %o", (options, message) => {
    expect(() => assertImageOptions(options)).toThrow(message);
  });
});

describe("imageMeta", () => {
  it("gives the size and the ratio of an image with usable metadata", () => {
    expect(imageMeta({ url: "/media/a.jpg", width: 1600, height: 1000 })).toEqual({
      width: 1600,
      height: 1000,
      ratio: 1.6,
    });
  });

  it.each([
    { width: 0, height: 1000 },
    { width: 1600, height: 0 },
    { width: null, height: 800 },
    { width: undefined, height: undefined },
    { width: Number.NaN, height: 800 },
  ])("logs unusable metadata %j and gives width 0, height 0, ratio 0", (size) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(imageMeta({ url: "/media/broken.jpg", ...size })).toEqual({ width: 0, height: 0, ratio: 0 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/media/broken.jpg"));
    warn.mockRestore();
  });
});
