import { describe, expect, it } from "vitest";
import { renderSvg, sceneFor } from "./seed-images.ts";

describe("the demo pictures' scenes", () => {
  it("draws the scene a picture's alt text names", () => {
    expect(sceneFor("茶園梯田與遠方山景")?.name).toBe("poster");
    expect(sceneFor("一碗冒著熱氣的魚粥與油條")?.name).toBe("sideBowl");
    expect(sceneFor("市場攤位上成堆的高麗菜與根莖類蔬菜")?.name).toBe("marketVegetables");
    expect(sceneFor("茶盤上的茶壺與數個小茶杯")?.name).toBe("tableSetting");
    expect(sceneFor("白盤上的小塊甜點與一杯茶湯")?.name).toBe("topDownPlate");
  });

  it("leaves a subject no scene fits to the seed", () => {
    expect(sceneFor("貼在廚房牆上的手寫排班表")).toBeUndefined();
    expect(sceneFor(undefined)).toBeUndefined();
  });

  it("draws a picture with a subject differently from one without, and the same each time", () => {
    const job = { kind: "article", section: "features", slug: "from-tea-garden-to-plate" } as const;
    const withSubject = renderSvg({ ...job, subject: "茶園梯田與遠方山景" });
    expect(withSubject).toBe(renderSvg({ ...job, subject: "茶園梯田與遠方山景" }));
    // The hills scene draws its hills as arcs (A commands in its paths).
    expect(withSubject).toMatch(/ A \d/);
  });
});
