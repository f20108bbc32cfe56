/** The zh-TW messages of SPEC §5 and §8, word for word. */
export const messages = {
  required: "此項為必填",
  email: "請輸入正確的電子郵件",
  numeric: "僅限數字輸入",
  digits: "請輸入正確的統編長度",
  min: (min: number) => `輸入數值不得小於 ${min}`,
  max: (max: number) => `輸入數值不得大於 ${max}`,
  maxLength: (n: number) => `數值長度不得大於 ${n}`,
  username: "帳號請填寫大於五個英文及數字",
  password: "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」",
  confirm: "密碼驗證不相符",
  phone: "請輸入 09 開頭的 10 位數手機號碼",
  terms: "請勾選同意條款",
  url: "請輸入正確的網址格式",
  idNumber: "請輸入正確的格式",
  fallback: "發生錯誤，請稍後再試",
  notFound: "找不到相關資料",
  invalidParams: "參數格式不正確",
  /** A path the API knows, asked with a method it does not take there (405, with Allow). */
  methodNotAllowed: "不支援這種請求方式",
  /** Beyond the spec: eight digits whose check digit is wrong, not a length to fix. */
  taxIdChecksum: "統一編號不正確，請再確認",
  /** Text with a NUL, or half of a character (a lone surrogate): PostgreSQL cannot store it. */
  unreadableText: "含有無法辨識的字元，請重新輸入",
  /** A request body that is not JSON (a form post, plain text) where the API reads JSON (415). */
  jsonExpected: "請以 JSON 格式送出資料",
  /** A JSON body where the API reads a form (ECPay's browser and server posts) (415). */
  formExpected: "請以表單格式送出資料",
  /** A request body past the API's limit. */
  tooLarge: "送出的內容過大",
  /** An Idempotency-Key header that is not one (8 to 100 letters, digits, `-` or `_`). */
  idempotencyKey: "送出識別碼格式不正確，請重新整理頁面後再送出",
  /** A form sent again with its first key but other content: the first one already went through. */
  idempotencyMismatch: "這份表單已經送出過；若要修改內容，請重新整理頁面後再送出",
  /** A form's request lost on the way (offline, a dropped connection): nothing on the page is lost. */
  networkFailure: "網路連線中斷，請確認連線後再送出一次",
  /** A one-line field (a name, an address) sent with a line break or another control character. */
  singleLine: "此欄位只能輸入一行文字",
  /** A rate limit was reached (contact form, and later login, registration and password reset). */
  tooManyRequests: "送出次數過多，請稍後再試",
} as const;

/** Error page texts of SPEC §2. */
export const errorPage = {
  404: { title: "404 Page Not Found", body: "找不到相關頁面！請點擊其他連結瀏覽" },
  500: { title: "500 Server Error", body: "伺服器發生錯誤！請稍後再試" },
  home: "回首頁",
} as const;
