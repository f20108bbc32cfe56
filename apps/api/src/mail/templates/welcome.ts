import { greeting, renderMail, type RenderedMail } from "./layout.ts";

export type WelcomeData = {
  siteUrl: string;
  name: string;
};

/** Sent once the address is verified and the account is active. */
export function welcomeMail({ siteUrl, name }: WelcomeData): RenderedMail {
  return renderMail({
    siteUrl,
    subject: "歡迎加入食藝誌",
    preheader: "您的會員帳號已經啟用。",
    heading: "歡迎加入食藝誌",
    blocks: [
      { kind: "paragraph", text: greeting(name) },
      { kind: "paragraph", text: "您的會員帳號已經啟用，謝謝您成為食藝誌的讀者。" },
      {
        kind: "paragraph",
        text:
          "從產地、廚房到餐桌，我們記錄台灣餐飲產業的人與事。登入後，您可以訂購《食藝》雜誌與周邊商品、" +
          "查看訂單紀錄，也能透過食藝文化基金會，支持飲食文化的保存與推廣。",
      },
      { kind: "action", label: "開始閱讀", url: siteUrl },
      { kind: "note", text: "有任何問題或建議，歡迎透過網站的聯絡我們頁面告訴我們。" },
    ],
    reason: "您收到這封信，是因為您剛完成食藝誌會員註冊。",
  });
}
