import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  confirmField,
  email,
  idNumber,
  maxLength,
  numeric,
  optionalField,
  optionalIdNumber,
  optionalPhone,
  optionalUrl,
  password,
  phone,
  requiredRaw,
  requiredText,
  taxId,
  terms,
  url,
  username,
  wholeNumber,
} from "./validation.ts";

/** The messages a value gets, or `undefined` when it passes. */
const errors = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

/** Every blank a form can post for a field: missing, empty, spaces only. */
const blanks = [undefined, "", "   ", "\t\n"];

describe("requiredText", () => {
  it("answers 此項為必填 for a missing, empty or blank value", () => {
    for (const value of blanks) expect(errors(requiredText(), value)).toEqual(["此項為必填"]);
  });

  it("answers 此項為必填 for invisible characters alone: zero-width spaces, direction marks, a full-width space", () => {
    for (const value of ["\u200b", "\u202e\u200b", "\u200d\ufeff", "\u3000", "\u2060\u200e"]) {
      expect(errors(requiredText(), value), JSON.stringify(value)).toEqual(["此項為必填"]);
    }
    // With something to see, they are kept as typed (a joiner inside an emoji, say).
    expect(requiredText().parse("王\u200b小明")).toBe("王\u200b小明");
  });

  it("trims what it keeps", () => {
    expect(requiredText().parse("  王小明 ")).toBe("王小明");
  });

  it("is one line: a line break or another control character inside is refused, unless multiline", () => {
    for (const value of [
      "Eve\r\nBcc: victim@example.com",
      "王\n小明",
      "王\u2028小明",
      "王\u0000小明",
      "王\u0085小明",
    ]) {
      expect(errors(requiredText(), value), JSON.stringify(value)).toEqual(["此欄位只能輸入一行文字"]);
    }
    expect(requiredText({ multiline: true }).parse(" 第一行\r\n第二行\n")).toBe("第一行\r\n第二行");
    // A tab pasted into a one-line field is a space, as the field shows it.
    expect(requiredText().parse("臺北市\t大安區\t\t羅斯福路")).toBe("臺北市 大安區 羅斯福路");
    // Blank stays blank, whatever it is made of.
    expect(errors(requiredText(), "\r\n")).toEqual(["此項為必填"]);
  });

  it("keeps text composed (NFC), so an accent typed apart counts as one character with its letter", () => {
    const decomposed = "Jose\u0301 ".repeat(10).trim();
    expect(requiredText().parse(decomposed)).toBe("José ".repeat(10).trim());
    expect(requiredText().check(maxLength(50)).safeParse("e\u0301".repeat(30)).success).toBe(true);
  });

  it("answers 參數格式不正確 for a value that is not text (a number, a list), 此項為必填 for none", () => {
    for (const value of [123, ["王小明"], { name: "王" }, true]) {
      expect(errors(requiredText(), value), JSON.stringify(value)).toEqual(["參數格式不正確"]);
      expect(errors(requiredRaw(), value), JSON.stringify(value)).toEqual(["參數格式不正確"]);
    }
    expect(errors(requiredText(), null)).toEqual(["此項為必填"]);
  });

  it("takes a length bound: 數值長度不得大於 {n}", () => {
    const name = requiredText().check(maxLength(5));
    expect(name.parse("五個字可以")).toBe("五個字可以");
    expect(errors(name, "六個字就太長")).toEqual(["數值長度不得大於 5"]);
    expect(errors(name, " ")).toEqual(["此項為必填"]);
  });
});

describe("email", () => {
  it("passes an address, trimmed", () => {
    expect(email().parse(" reader@example.com.tw ")).toBe("reader@example.com.tw");
  });

  it("answers 請輸入正確的電子郵件 for anything else", () => {
    for (const value of ["reader", "reader@", "reader@example", "@example.com", "a b@example.com"]) {
      expect(errors(email(), value)).toEqual(["請輸入正確的電子郵件"]);
    }
  });

  it("answers 此項為必填, not the format message, when empty", () => {
    for (const value of blanks) expect(errors(email(), value)).toEqual(["此項為必填"]);
  });
});

describe("numeric", () => {
  it("keeps digits as a string, leading zeros included", () => {
    expect(numeric().parse("00123")).toBe("00123");
  });

  it("reads the full-width digits of a Chinese input method as digits", () => {
    expect(numeric().parse("１０６")).toBe("106");
    expect(numeric().parse(" ００１２３ ")).toBe("00123");
  });

  it("reads full width only: superscripts and circled numbers are not digits", () => {
    for (const value of ["10²", "¹⁰⁶", "⑳⑳"]) expect(errors(numeric(), value)).toEqual(["僅限數字輸入"]);
  });

  it("answers 僅限數字輸入 for anything but digits", () => {
    for (const value of ["12a", "-1", "1.5", "1e3", "1 000", "１２ａ"]) {
      expect(errors(numeric(), value)).toEqual(["僅限數字輸入"]);
    }
    expect(errors(numeric(), "")).toEqual(["此項為必填"]);
  });
});

describe("wholeNumber", () => {
  const quantity = wholeNumber({ min: 1, max: 99 });

  it("turns digits into a number within its bounds", () => {
    expect(quantity.parse("1")).toBe(1);
    expect(quantity.parse(" 99 ")).toBe(99);
    expect(wholeNumber().parse("0")).toBe(0);
  });

  it("reads numbers as people type them: full-width digits and thousands separators", () => {
    const amount = wholeNumber({ min: 100, max: 100_000 });
    expect(amount.parse("１０００")).toBe(1000);
    expect(amount.parse("1,000")).toBe(1000);
    expect(amount.parse("１，２００")).toBe(1200);
    expect(amount.parse("12,345")).toBe(12345);
    expect(errors(amount, "1,00")).toEqual(["僅限數字輸入"]);
    expect(errors(amount, "1.000")).toEqual(["僅限數字輸入"]);
  });

  it("answers 輸入數值不得小於 {min} and 輸入數值不得大於 {max}", () => {
    expect(errors(quantity, "0")).toEqual(["輸入數值不得小於 1"]);
    expect(errors(quantity, "100")).toEqual(["輸入數值不得大於 99"]);
  });

  it("answers 僅限數字輸入 before any bound, and 此項為必填 when empty", () => {
    expect(errors(quantity, "-5")).toEqual(["僅限數字輸入"]);
    expect(errors(quantity, "2.5")).toEqual(["僅限數字輸入"]);
    expect(errors(quantity, "")).toEqual(["此項為必填"]);
    expect(errors(quantity, undefined)).toEqual(["此項為必填"]);
  });

  it("accepts its own output, a number, under the same rules", () => {
    expect(quantity.parse(3)).toBe(3);
    expect(errors(quantity, 0)).toEqual(["輸入數值不得小於 1"]);
    expect(errors(quantity, 1.5)).toEqual(["僅限數字輸入"]);
  });
});

describe("taxId (統編)", () => {
  it("passes numbers with a valid Ministry of Finance checksum", () => {
    for (const value of ["04595257", "10458575", "22099131"]) expect(taxId().parse(value)).toBe(value);
  });

  it("passes a total divisible by 5 only (the 2023 rule)", () => {
    // Total 35: refused by the old divide-by-10 rule, valid since 2023.
    expect(taxId().parse("04595252")).toBe("04595252");
  });

  it("lets a seventh digit 7 count its 28 as 1 or 0", () => {
    // Total 29 with the 7 counted as 10; 30 with it counted as 1.
    expect(taxId().parse("10458574")).toBe("10458574");
  });

  it("answers 請輸入正確的統編長度 for a wrong length, and says a wrong check digit is a wrong number", () => {
    for (const value of ["1234567", "045952570"]) {
      expect(errors(taxId(), value)).toEqual(["請輸入正確的統編長度"]);
    }
    for (const value of ["04595258", "10458576", "12345678"]) {
      expect(errors(taxId(), value)).toEqual(["統一編號不正確，請再確認"]);
    }
  });

  it("answers 僅限數字輸入 for non-digits and 此項為必填 when empty", () => {
    expect(errors(taxId(), "0459525A")).toEqual(["僅限數字輸入"]);
    expect(errors(taxId(), "")).toEqual(["此項為必填"]);
  });
});

describe("username", () => {
  it("passes five or more letters, digits or $@!%*?& with a lowercase letter", () => {
    for (const value of ["reader", "abc12", "Shiyi2024", "a$@!%*?&"]) {
      expect(username().parse(value)).toBe(value);
    }
  });

  it("answers 帳號請填寫大於五個英文及數字 otherwise", () => {
    for (const value of ["abc1", "ABCDE1", "12345", "read er", "讀者reader", "reader#"]) {
      expect(errors(username(), value)).toEqual(["帳號請填寫大於五個英文及數字"]);
    }
    expect(errors(username(), "")).toEqual(["此項為必填"]);
  });
});

describe("password", () => {
  it("passes 8–16 characters with a lowercase, an uppercase letter and a digit", () => {
    for (const value of ["Abcdefg1", "Abcdefghijklmn12", "Pa$$w0rd!"]) {
      expect(password().parse(value)).toBe(value);
    }
  });

  it("answers the password message otherwise", () => {
    const message = "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」";
    for (const value of [
      "Abcdef1", // 7 characters
      "Abcdefghijklmno12", // 17 characters
      "abcdefg1", // no uppercase
      "ABCDEFG1", // no lowercase
      "Abcdefgh", // no digit
      "Abcd efg1", // a space
      " Abcdefg1", // not trimmed: a password is what was typed
    ]) {
      expect(errors(password(), value)).toEqual([message]);
    }
  });

  it("answers 此項為必填 for a blank password", () => {
    for (const value of blanks) expect(errors(password(), value)).toEqual(["此項為必填"]);
  });
});

describe("confirmField", () => {
  const signUp = z
    .object({ email: email(), password: password(), passwordConfirmation: requiredText() })
    .check(confirmField("password", "passwordConfirmation"));
  const valid = { email: "reader@example.com", password: "Abcdefg1", passwordConfirmation: "Abcdefg1" };

  it("passes equal fields", () => {
    expect(signUp.parse(valid)).toEqual(valid);
  });

  it("answers 密碼驗證不相符 on the confirmation field", () => {
    const issues = signUp.safeParse({ ...valid, passwordConfirmation: "Abcdefg2" }).error?.issues;
    expect(issues?.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["passwordConfirmation"], message: "密碼驗證不相符" },
    ]);
  });

  it("still checks while other fields are wrong", () => {
    const issues = signUp.safeParse({ email: "x", password: "Abcdefg1", passwordConfirmation: "nope" }).error
      ?.issues;
    expect(issues?.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["email", "請輸入正確的電子郵件"],
      ["passwordConfirmation", "密碼驗證不相符"],
    ]);
  });

  it("leaves an empty confirmation at 此項為必填", () => {
    const issues = signUp.safeParse({ ...valid, passwordConfirmation: "" }).error?.issues;
    expect(issues?.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["passwordConfirmation", "此項為必填"],
    ]);
  });

  it("does not throw on a value that is not an object", () => {
    expect(signUp.safeParse(undefined).success).toBe(false);
  });
});

describe("optionalPhone", () => {
  it("passes 09 and eight digits, and nothing", () => {
    expect(optionalPhone().parse("0912345678")).toBe("0912345678");
    for (const value of blanks) expect(optionalPhone().parse(value)).toBeUndefined();
  });

  it("reads a mobile number as people write it: grouped, in full width, or with Taiwan's country code", () => {
    for (const value of [
      "0912-345-678",
      "0912 345 678",
      "(0912)345678",
      "０９１２３４５６７８",
      "０９１２－３４５－６７８",
      "+886912345678",
      "+886 912 345 678",
      "+886-0912-345-678",
    ]) {
      expect(optionalPhone().parse(value)).toBe("0912345678");
    }
  });

  it("answers 請輸入 09 開頭的 10 位數手機號碼 otherwise", () => {
    for (const value of [
      "0812345678",
      "091234567",
      "09123456789",
      "0912_345_678",
      "+886212345678",
      "+1 415 555 0100",
    ]) {
      expect(errors(optionalPhone(), value)).toEqual(["請輸入 09 開頭的 10 位數手機號碼"]);
    }
  });

  it("can be required: phone() answers 此項為必填 when empty", () => {
    expect(errors(phone(), "")).toEqual(["此項為必填"]);
  });
});

describe("terms", () => {
  it("passes a ticked box: the HTML value on, or true", () => {
    expect(terms().parse("on")).toBe(true);
    expect(terms().parse(true)).toBe(true);
  });

  it("answers 請勾選同意條款 for an unticked box", () => {
    for (const value of [undefined, "", false, "off", "false"]) {
      expect(errors(terms(), value)).toEqual(["請勾選同意條款"]);
    }
  });
});

describe("optionalUrl", () => {
  it("passes http and https addresses, and nothing", () => {
    for (const value of [
      "https://example.com",
      "http://shiyi.example.tw/path?q=1#top",
      "https://例子.台灣",
    ]) {
      expect(optionalUrl().parse(value)).toBe(value);
    }
    for (const value of blanks) expect(optionalUrl().parse(value)).toBeUndefined();
  });

  it("answers 請輸入正確的網址格式 otherwise", () => {
    for (const value of [
      "example.com",
      "ftp://example.com",
      "javascript:alert(1)",
      "https:/example.com",
      "https://",
      "http://localhost",
      "https://exa mple.com",
    ]) {
      expect(errors(optionalUrl(), value)).toEqual(["請輸入正確的網址格式"]);
    }
  });

  it("can be required: url() answers 此項為必填 when empty", () => {
    expect(errors(url(), " ")).toEqual(["此項為必填"]);
  });
});

describe("optionalIdNumber", () => {
  it("passes valid national IDs (second digit 1 or 2)", () => {
    for (const value of ["A123456789", "B223456782", "Z100000002", "I123456781", "O212345672"]) {
      expect(optionalIdNumber().parse(value)).toBe(value);
    }
  });

  it("passes valid old resident certificates (second letter A–D)", () => {
    for (const value of ["FA12345689", "AA12345675", "FB12345672", "HC00000000", "TD98765435"]) {
      expect(optionalIdNumber().parse(value)).toBe(value);
    }
  });

  it("passes valid 2021 resident certificates (second digit 8 or 9)", () => {
    for (const value of ["A812345671", "Y912345672", "W800000005", "K901234560"]) {
      expect(optionalIdNumber().parse(value)).toBe(value);
    }
  });

  it("uppercases lowercase input before checking", () => {
    expect(optionalIdNumber().parse("a123456789")).toBe("A123456789");
    expect(optionalIdNumber().parse("fa12345689")).toBe("FA12345689");
    expect(optionalIdNumber().parse(" y912345672 ")).toBe("Y912345672");
  });

  it("passes nothing as absent", () => {
    for (const value of blanks) expect(optionalIdNumber().parse(value)).toBeUndefined();
  });

  it("answers 請輸入正確的格式 for a wrong check digit", () => {
    for (const value of ["A123456788", "B223456781", "FA12345688", "A812345670", "Y912345673"]) {
      expect(errors(optionalIdNumber(), value)).toEqual(["請輸入正確的格式"]);
    }
  });

  it("answers 請輸入正確的格式 for a wrong letter, second character or length", () => {
    for (const value of [
      "1123456789", // no letter
      // These three would pass the check digit: the second character alone is wrong.
      "A312345671", // second digit neither 1, 2, 8 nor 9
      "A012345675",
      "AE12345673", // second letter beyond D
      "A12345678", // too short
      "A1234567890", // too long
      "A12345678X", // letter among the digits
    ]) {
      expect(errors(optionalIdNumber(), value)).toEqual(["請輸入正確的格式"]);
    }
  });

  it("can be required: idNumber() answers 此項為必填 when empty", () => {
    expect(errors(idNumber(), "")).toEqual(["此項為必填"]);
  });
});

describe("a form of these rules", () => {
  const checkout = z.object({
    name: requiredText().check(maxLength(20)),
    phone: optionalPhone(),
    website: optionalUrl(),
    taxId: optionalField(taxId()),
    idNumber: optionalIdNumber(),
    quantity: wholeNumber({ min: 1, max: 99 }),
    terms: terms(),
  });

  it("reads posted form values: empty optional fields are absent, missing required ones 此項為必填", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ phone: "", website: "", taxId: "", idNumber: "" })) {
      form.set(key, value);
    }
    const issues = checkout.safeParse(Object.fromEntries(form)).error?.issues;
    expect(issues?.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["name", "此項為必填"],
      ["quantity", "此項為必填"],
      ["terms", "請勾選同意條款"],
    ]);
  });

  it("parses its own output again to the same value, so the API can re-check what the web sends", () => {
    const parsed = checkout.parse({
      name: " 王小明 ",
      phone: "0912345678",
      website: "",
      taxId: "04595257",
      idNumber: "a123456789",
      quantity: "2",
      terms: "on",
    });
    expect(parsed).toEqual({
      name: "王小明",
      phone: "0912345678",
      taxId: "04595257",
      idNumber: "A123456789",
      quantity: 2,
      terms: true,
    });
    expect(checkout.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });
});
