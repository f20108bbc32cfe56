/**
 * A complete production configuration (NODE_ENV=production) that start-up accepts: each test of
 * the checks removes or changes the one variable it is about.
 */
export const productionEnv = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://shiyi.example",
  DATABASE_URL: "postgres://shiyi@db.internal:5432/shiyi",
  SMTP_URL: "smtp://mail:587",
  MAIL_FROM: "食藝誌 <no-reply@shiyi.example>",
  JWT_SECRET: "j".repeat(32),
  OAUTH_CLIENT_SECRET: "c".repeat(16),
  ECPAY_MODE: "stage",
  ECPAY_MERCHANT_ID: "3000001",
  ECPAY_HASH_KEY: "k".repeat(16),
  ECPAY_HASH_IV: "v".repeat(16),
  RECAPTCHA_SECRET: "r".repeat(20),
  RECAPTCHA_SITE_KEY: "s".repeat(20),
  CONTACT_INBOX_CORRECTIONS: "editor@shiyi.example",
  CONTACT_INBOX_ORDERS: "orders@shiyi.example",
  CONTACT_INBOX_DONATIONS: "donations@shiyi.example",
  CONTACT_INBOX_ADVERTISING: "ads@shiyi.example",
  CONTACT_INBOX_OTHER: "service@shiyi.example",
  SHIPPING_SENDER_NAME: "食藝出版",
  SHIPPING_SENDER_PHONE: "0922000111",
  FOUNDATION_NAME: "財團法人示例文化基金會",
  FOUNDATION_ADDRESS: "10001 台北市中正區示例路 1 號",
  FOUNDATION_TAX_ID: "04595257",
} as const;
