import { describe, expect, it } from "vitest";
import { allowedImageModifiers } from "./image-modifiers.ts";

describe("allowedImageModifiers", () => {
  it("serves what the site's pages ask for", () => {
    for (const segment of [
      "_",
      "f_webp,w_320",
      "f_webp,fit_cover,w_10,h_10,q_50,blur_3",
      "f_jpeg,fit_cover,w_1200,h_630",
      "f_webp,w_1440,q_80",
      "w_64",
      "s_300x200,fit_contain,b_ffffff",
      "width_3840,height_3840",
      "w=320&f=png",
      "f_jpeg,fit_contain,enlarge,s_1200x630,q_80,b_f4efe6",
    ]) {
      expect(allowedImageModifiers(segment), segment).toBe(true);
    }
  });

  it("refuses operations the site does not use, and values out of bounds", () => {
    for (const segment of [
      "",
      "enlarge,w_20000",
      "enlarge_2,w_320",
      "s_3840x3840,enlarge,f_png,q_100",
      "enlarge,w_1200",
      "fit_contain,enlarge,s_1200x631",
      "enlarge,enlarge,w_320",
      "w_3841",
      "h_0",
      "w_-1",
      "w_abc",
      "w_1e3",
      "s_5000x10",
      "s_300",
      "q_0",
      "q_101",
      "f_avif",
      "f_auto",
      "fit_fill2",
      "b_red",
      "extend_5000_5000_5000_5000",
      "rotate_90",
      "kernel_nearest",
      "pos_top",
      "w_100,w_200",
      "w_100,width_200",
      "w_1%30",
    ]) {
      expect(allowedImageModifiers(segment), segment).toBe(false);
    }
  });

  it("blurs only a placeholder: after the picture is made at most 64 pixels a side", () => {
    expect(allowedImageModifiers("w_64,h_64,blur_10")).toBe(true);
    expect(allowedImageModifiers("s_10x10,blur_0.5")).toBe(true);
    expect(allowedImageModifiers("blur_3,w_10,h_10")).toBe(false);
    expect(allowedImageModifiers("w_10,blur_3")).toBe(false);
    expect(allowedImageModifiers("w_65,h_10,blur_3")).toBe(false);
    expect(allowedImageModifiers("w_10,h_10,blur_11")).toBe(false);
    expect(allowedImageModifiers("w_10,h_10,blur_1000")).toBe(false);
    expect(allowedImageModifiers("w_10,h_10,blur_0.1")).toBe(false);
  });
});
