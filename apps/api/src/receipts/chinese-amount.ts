/*
 * Amounts in Chinese capital numerals (大寫金額), as receipts and cheques write them so that no
 * stroke can turn one figure into another: 12000 → 壹萬貳仟元整, 1005 → 壹仟零伍元整.
 */

const digits = ["零", "壹", "貳", "參", "肆", "伍", "陸", "柒", "捌", "玖"] as const;
/** The places inside a group of four digits, from the highest. */
const places = ["仟", "佰", "拾", ""] as const;

/** The largest amount written: 玖仟玖佰玖拾玖萬玖仟玖佰玖拾玖元整. */
export const maxChineseCapitalAmount = 99_999_999;

/**
 * Writes a whole amount of dollars (0 to 99,999,999) in capital numerals ending in 元整, without
 * the currency (a receipt puts 新臺幣 before it): 12000 → 壹萬貳仟元整, 1005 → 壹仟零伍元整,
 * 10050 → 壹萬零伍拾元整, 100000 → 壹拾萬元整, 0 → 零元整.
 *
 * A run of zeros between two written digits is read as one 零; zeros closing a group of four are
 * not, so a 零 follows 萬 only when the lower group starts with one (100005 → 壹拾萬零伍元整,
 * 1001000 → 壹佰萬壹仟元整, 10100000 → 壹仟零壹拾萬元整). 拾 always takes its digit (壹拾, never 拾 alone),
 * as financial writing does. Throws a RangeError for a negative, fractional or larger amount.
 */
export function toChineseCapitalAmount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > maxChineseCapitalAmount)
    throw new RangeError(`Amount must be a whole number from 0 to ${maxChineseCapitalAmount}, got ${n}`);
  if (n === 0) return "零元整";

  const groups = [Math.floor(n / 10_000), n % 10_000]; // 萬 and units
  let out = "";
  let zeroPending = false;
  groups.forEach((group, index) => {
    const padded = String(group).padStart(4, "0");
    for (let i = 0; i < 4; i++) {
      const digit = Number(padded[i]);
      if (digit === 0) {
        // A zero counts only once something has been written before it.
        if (out !== "") zeroPending = true;
        continue;
      }
      if (zeroPending) out += digits[0];
      zeroPending = false;
      out += digits[digit]! + places[i]!;
    }
    if (index === 0 && group > 0) {
      out += "萬";
      // Zeros closing the 萬 group are not read: 60708090 is 陸仟零柒拾萬捌仟零玖拾.
      zeroPending = false;
    }
  });
  return `${out}元整`;
}
