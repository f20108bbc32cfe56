import { describe, expect, it } from "vitest";
import { maxChineseCapitalAmount, toChineseCapitalAmount } from "./chinese-amount.ts";

describe("toChineseCapitalAmount", () => {
  it.each([
    [0, "零元整"],
    [1, "壹元整"],
    [9, "玖元整"],
    [10, "壹拾元整"],
    [11, "壹拾壹元整"],
    [20, "貳拾元整"],
    [100, "壹佰元整"],
    [101, "壹佰零壹元整"],
    [110, "壹佰壹拾元整"],
    [500, "伍佰元整"],
    [1000, "壹仟元整"],
    [1005, "壹仟零伍元整"],
    [1010, "壹仟零壹拾元整"],
    [1100, "壹仟壹佰元整"],
    [3000, "參仟元整"],
    [6000, "陸仟元整"],
    [10_000, "壹萬元整"],
    [10_001, "壹萬零壹元整"],
    [10_050, "壹萬零伍拾元整"],
    [10_500, "壹萬零伍佰元整"],
    [11_000, "壹萬壹仟元整"],
    [12_000, "壹萬貳仟元整"],
    [12_345, "壹萬貳仟參佰肆拾伍元整"],
    [49_999, "肆萬玖仟玖佰玖拾玖元整"],
    [100_000, "壹拾萬元整"],
    [100_005, "壹拾萬零伍元整"],
    [110_000, "壹拾壹萬元整"],
    [199_999, "壹拾玖萬玖仟玖佰玖拾玖元整"],
    [1_000_000, "壹佰萬元整"],
    [1_000_500, "壹佰萬零伍佰元整"],
    [1_001_000, "壹佰萬壹仟元整"],
    [1_010_000, "壹佰零壹萬元整"],
    [10_000_000, "壹仟萬元整"],
    [10_001_000, "壹仟萬壹仟元整"],
    [10_000_100, "壹仟萬零壹佰元整"],
    [10_100_000, "壹仟零壹拾萬元整"],
    [10_100_005, "壹仟零壹拾萬零伍元整"],
    [20_000_001, "貳仟萬零壹元整"],
    [60_708_090, "陸仟零柒拾萬捌仟零玖拾元整"],
    [99_999_999, "玖仟玖佰玖拾玖萬玖仟玖佰玖拾玖元整"],
  ])("writes %i as %s", (amount, expected) => {
    expect(toChineseCapitalAmount(amount)).toBe(expected);
  });

  it("never writes two 零 in a row, nor one at either end", () => {
    for (let n = 1; n <= 100_000_000; n += 9_973) {
      const amount = Math.min(n, maxChineseCapitalAmount);
      const written = toChineseCapitalAmount(amount);
      expect(written).not.toMatch(/零零|^零|零元/);
      expect(written).toMatch(/^[零壹貳參肆伍陸柒捌玖拾佰仟萬]+元整$/);
    }
  });

  it.each([-1, 0.5, 100_000_000, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s", (amount) => {
    expect(() => toChineseCapitalAmount(amount)).toThrow(RangeError);
  });
});
