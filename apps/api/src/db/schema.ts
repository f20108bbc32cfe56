import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** timestamptz read as an ISO 8601 string, whatever text form the driver hands over. */
const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => "timestamp with time zone",
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

/** An image as stored: a path under the media storage (or an allowed remote alias) plus its intrinsic size. */
export type StoredImage = { url: string; width: number; height: number; alt?: string };
/** A choice a piece of merchandise offers (the contracts' ProductOption). */
export type StoredOption = { name: string; values: string[] };

export type TocEntry = { title: string; author?: string; page?: number };

export type EbookLink = { platform_id: number; url: string };

const timestamps = {
  created_at: timestamptz("created_at")
    .notNull()
    .default(sql`now()`),
  updated_at: timestamptz("updated_at")
    .notNull()
    .default(sql`now()`),
};

/** Columns every publishable record shares: a path slug, the status switch and the publishing window. */
const publishable = {
  path: text("path").notNull(),
  title: text("title").notNull(),
  info_title: text("info_title"),
  description: text("description"),
  status: smallint("status").notNull().default(1),
  sort: integer("sort").notNull().default(0),
  publication_date: timestamptz("publication_date"),
  start_at: timestamptz("start_at"),
  ...timestamps,
};

/** Key/value overrides merged over the defaults in the settings service. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_at: timestamps.updated_at,
});

export const seoEntries = pgTable("seo_entries", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  title: text("title"),
  info_title: text("info_title"),
  description: text("description"),
  image: jsonb("image").$type<StoredImage | null>(),
  status: smallint("status").notNull().default(1),
  ...timestamps,
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    section: text("section").notNull(),
    path: text("path").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    sort: integer("sort").notNull().default(0),
    status: smallint("status").notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_section_path").on(t.section, t.path)],
);

export const authors = pgTable("authors", {
  id: serial("id").primaryKey(),
  path: text("path").notNull().unique(),
  name: text("name").notNull(),
  title: text("title"),
  description: text("description"),
  content: text("content"),
  avatar: jsonb("avatar").$type<StoredImage | null>(),
  status: smallint("status").notNull().default(1),
  sort: integer("sort").notNull().default(0),
  ...timestamps,
});

/** Editorial content of every kind: news, columns, features, policy, about, home and hero blocks. */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    ...publishable,
    content: text("content"),
    image: jsonb("image").$type<StoredImage | null>(),
    images: jsonb("images")
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    link: text("link"),
    author_id: integer("author_id").references(() => authors.id, { onDelete: "set null" }),
    category_id: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("articles_kind_path").on(t.kind, t.path),
    index("articles_kind_published").on(t.kind, t.status, t.publication_date),
    index("articles_author").on(t.author_id),
    index("articles_category").on(t.category_id),
  ],
);

/** Shop columns shared by magazine issues and merchandise. */
const sellable = {
  price: integer("price").notNull(),
  original_price: integer("original_price"),
  overseas_price: integer("overseas_price"),
  stock: integer("stock").notNull().default(0),
  max_quantity: integer("max_quantity").notNull().default(10),
  deleted_at: timestamptz("deleted_at"),
};

export const magazines = pgTable(
  "magazines",
  {
    id: serial("id").primaryKey(),
    ...publishable,
    path: text("path").notNull().unique(),
    issue: integer("issue").notNull().unique(),
    content: text("content"),
    toc: jsonb("toc")
      .$type<TocEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cover: jsonb("cover").$type<StoredImage | null>(),
    images: jsonb("images")
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...sellable,
  },
  (t) => [check("magazines_stock", sql`${t.stock} >= 0`)],
);

export const merchandise = pgTable(
  "merchandise",
  {
    id: serial("id").primaryKey(),
    ...publishable,
    path: text("path").notNull().unique(),
    content: text("content"),
    images: jsonb("images")
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the buyer chooses (顏色, 尺寸); a cart line's sku is one value of each, in this order. */
    options: jsonb("options")
      .$type<StoredOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...sellable,
  },
  (t) => [check("merchandise_stock", sql`${t.stock} >= 0`)],
);

export const ebookPlatforms = pgTable("ebook_platforms", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  description: text("description"),
  sort: integer("sort").notNull().default(0),
  status: smallint("status").notNull().default(1),
});

export const ebooks = pgTable("ebooks", {
  id: serial("id").primaryKey(),
  ...publishable,
  path: text("path").notNull().unique(),
  magazine_id: integer("magazine_id").references(() => magazines.id, { onDelete: "set null" }),
  cover: jsonb("cover").$type<StoredImage | null>(),
  links: jsonb("links")
    .$type<EbookLink[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * Messages sent through the contact form. Not content: the demo seed leaves them alone. The sender's
 * address is not kept; it only counts towards the rate limit while the request runs.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    message: text("message").notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index("contact_messages_created").on(t.created_at)],
);

/** An address as members keep it (SPEC §3's order address: zip, city, dist, addr). */
export type StoredAddress = { zip?: string; city?: string; dist?: string; addr?: string };

/**
 * Members. `account` is the 帳號 of the username rule; members who joined through a social
 * provider have none (and no password) until they set one. Account and e-mail are unique without
 * regard to case.
 */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    account: text("account"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    mobile: text("mobile"),
    address: jsonb("address").$type<StoredAddress>(),
    password_hash: text("password_hash"),
    email_verified_at: timestamptz("email_verified_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("members_account_lower").on(sql`lower(${t.account})`),
    uniqueIndex("members_email_lower").on(sql`lower(${t.email})`),
  ],
);

/** A member's sign-in through Google, Facebook or LINE: the provider's own id for the person. */
export const memberIdentities = pgTable(
  "member_identities",
  {
    id: serial("id").primaryKey(),
    member_id: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    provider_user_id: text("provider_user_id").notNull(),
    email: text("email"),
    /**
     * The provider vouched for the address (Google's email_verified). One that did not (LINE,
     * Facebook) is dropped when the address is first confirmed: whoever signed in with it may not
     * be the mailbox's owner.
     */
    email_vouched: smallint("email_vouched").notNull().default(0),
    created_at: timestamps.created_at,
  },
  (t) => [
    uniqueIndex("member_identities_provider_user").on(t.provider, t.provider_user_id),
    index("member_identities_member").on(t.member_id),
  ],
);

/** Single-use tokens sent by mail (e-mail verification, password reset); only their SHA-256 is kept. */
export const memberTokens = pgTable(
  "member_tokens",
  {
    id: serial("id").primaryKey(),
    member_id: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"verify" | "reset" | "delete" | "email">().notNull(),
    token_hash: text("token_hash").notNull().unique(),
    /**
     * A verification link asked for from a signed-in browser: the SHA-256 of a nonce kept in that
     * browser's cookie. Followed there, it proves the social sign-in and the mailbox are one person.
     */
    vouch_hash: text("vouch_hash"),
    /** A link that confirms a new address (purpose `email`): that address. */
    email: text("email"),
    expires_at: timestamptz("expires_at").notNull(),
    used_at: timestamptz("used_at"),
    created_at: timestamps.created_at,
  },
  (t) => [index("member_tokens_member").on(t.member_id, t.purpose)],
);

/**
 * A signed-in device: one login, and the family of refresh tokens rotated from it (RFC 9700).
 * Access tokens name their session, so revoking it (logout, a reused refresh token) ends them too.
 */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    member_id: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    user_agent: text("user_agent"),
    created_at: timestamps.created_at,
    last_used_at: timestamptz("last_used_at")
      .notNull()
      .default(sql`now()`),
    revoked_at: timestamptz("revoked_at"),
  },
  (t) => [index("member_sessions_member").on(t.member_id)],
);

/** Opaque refresh tokens, kept as SHA-256; each is used once, then replaced by its successor. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    session_id: text("session_id")
      .notNull()
      .references(() => memberSessions.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: timestamptz("expires_at").notNull(),
    used_at: timestamptz("used_at"),
    created_at: timestamps.created_at,
  },
  (t) => [index("refresh_tokens_session").on(t.session_id)],
);

/**
 * A signed-in member's cart (SPEC §3 server cart line). `item_id` names a magazine or a piece of
 * merchandise according to `type`, so it has no foreign key; lines whose item is gone are left out
 * when the cart is read. Prices are never stored here: they are read from the item every time.
 *
 * `sku` takes part in the unique key as it is: jsonb has a btree equality (same elements in the same
 * order), so no second, derived key column is needed. The service trims the options before storing.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    member_id: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    item_id: integer("item_id").notNull(),
    type: text("type").$type<"magazine" | "merch">().notNull(),
    sku: jsonb("sku")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    quantity: integer("quantity").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_lines_member_item_sku").on(t.member_id, t.type, t.item_id, t.sku),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_lines_type", sql`${t.type} in ('magazine', 'merch')`),
    check("cart_lines_sku_array", sql`jsonb_typeof(${t.sku}) = 'array'`),
  ],
);

/** The buyer as the order draft gave them (SPEC §3 customer). */
export type OrderCustomer = {
  name: string;
  email: string;
  tel: string | null;
  phone: string;
  address: StoredAddress | null;
};

/** Where the parcel goes: a postal address, or the convenience store chosen on ECPay's map. */
export type OrderReceiver = {
  name: string;
  tel: string | null;
  phone: string;
  address: { zip: string; city: string; dist: string; addr: string } | null;
  store: { id: string; name: string; address: string; brand: string } | null;
};

export type OrderReceipt = {
  type: "personal" | "mobile" | "donate" | "company";
  title: string | null;
  tax_id: string | null;
  carrier: string | null;
};

/** An ATM virtual account or a convenience-store payment code, from ECPay's PaymentInfoURL. */
export type StoredPaymentCode = {
  method: "atm" | "cvs";
  bank_code: string | null;
  account: string | null;
  payment_no: string | null;
  expire_at: string | null;
};

/**
 * Orders (SPEC §3 order draft, as accepted). Totals are the server's, computed when the order was
 * placed; lines keep the title and price they were sold at. An unpaid order holds its stock until
 * `reserved_until`; `stock_released_at` marks the moment it gave the stock back (at most once).
 * `access_token_hash` lets a guest (or a member's other browser) read the order it placed.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    member_id: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    access_token_hash: text("access_token_hash").notNull(),
    /** The buyer's Idempotency-Key, and a digest of what they sent with it (lib/idempotency.ts). */
    idempotency_key: text("idempotency_key"),
    idempotency_digest: text("idempotency_digest"),
    status: text("status")
      .$type<"pending" | "awaiting_payment" | "paid" | "expired" | "cancelled">()
      .notNull()
      .default("pending"),
    payment_method: text("payment_method").$type<"credit" | "atm" | "cvs">().notNull(),
    shipping_method: text("shipping_method").$type<"cvs" | "home" | "overseas">().notNull(),
    delivery: text("delivery"),
    customer: jsonb("customer").$type<OrderCustomer>().notNull(),
    receiver: jsonb("receiver").$type<OrderReceiver>().notNull(),
    receipt: jsonb("receipt").$type<OrderReceipt>().notNull(),
    start_issue: integer("start_issue"),
    annual_delivery: smallint("annual_delivery").notNull().default(0),
    subscribe: smallint("subscribe").notNull().default(0),
    remarks: text("remarks"),
    items_total: integer("items_total").notNull(),
    postage: integer("postage").notNull(),
    total: integer("total").notNull(),
    reserved_until: timestamptz("reserved_until"),
    stock_released_at: timestamptz("stock_released_at"),
    paid_at: timestamptz("paid_at"),
    payment_code: jsonb("payment_code").$type<StoredPaymentCode>(),
    payment_failure: text("payment_failure"),
    shipment_status: text("shipment_status").notNull().default("pending"),
    /** When the shipment reached its present status (ECPay's notice; for a store pickup, its arrival). */
    shipment_status_at: timestamptz("shipment_status_at"),
    logistics_id: text("logistics_id"),
    invoice_status: text("invoice_status").notNull().default("pending"),
    invoice_number: text("invoice_number"),
    confirmation_sent_at: timestamptz("confirmation_sent_at"),
    ...timestamps,
  },
  (t) => [
    index("orders_member").on(t.member_id, t.created_at),
    index("orders_reservation").on(t.status, t.reserved_until),
    uniqueIndex("orders_idempotency_key").on(t.idempotency_key),
    check("orders_total", sql`${t.total} = ${t.items_total} + ${t.postage} and ${t.total} > 0`),
  ],
);

/** One line of an order: what was bought, at which price. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    item_id: integer("item_id").notNull(),
    type: text("type").$type<"magazine" | "merch">().notNull(),
    sku: jsonb("sku")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    quantity: integer("quantity").notNull(),
    title: text("title").notNull(),
    path: text("path").notNull(),
    issue: integer("issue"),
    thumbnail: jsonb("thumbnail").$type<StoredImage | null>(),
    unit_price: integer("unit_price").notNull(),
    subtotal: integer("subtotal").notNull(),
  },
  (t) => [
    index("order_lines_order").on(t.order_id),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * One attempt to pay an order through ECPay AIO: each GET /order-ecpay makes a new one with a
 * fresh MerchantTradeNo (ECPay refuses a number twice), and notifications name it.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchant_trade_no: text("merchant_trade_no").notNull().unique(),
    amount: integer("amount").notNull(),
    /** `duplicate`: paid after another attempt had paid; to be refunded (duplicate-payments.ts). */
    status: text("status")
      .$type<"started" | "awaiting" | "paid" | "failed" | "duplicate">()
      .notNull()
      .default("started"),
    trade_no: text("trade_no"),
    rtn_code: text("rtn_code"),
    rtn_msg: text("rtn_msg"),
    payment_type: text("payment_type"),
    paid_at: timestamptz("paid_at"),
    ...timestamps,
  },
  (t) => [index("order_payments_order").on(t.order_id)],
);

/**
 * Gifts to the foundation: one-time, or a periodic card schedule (定期定額) that ECPay charges
 * monthly or yearly until it ends or the donor cancels. `id_number` is kept only when the donor
 * asked for the automatic tax-office upload; the API shows it masked.
 */
export const donations = pgTable(
  "donations",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    member_id: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    access_token_hash: text("access_token_hash").notNull(),
    /** The donor's Idempotency-Key, and a digest of what they sent with it (lib/idempotency.ts). */
    idempotency_key: text("idempotency_key"),
    idempotency_digest: text("idempotency_digest"),
    status: text("status")
      .$type<"pending" | "awaiting_payment" | "paid" | "active" | "cancelled" | "ended" | "expired">()
      .notNull()
      .default("pending"),
    amount: integer("amount").notNull(),
    frequency: text("frequency").$type<"once" | "monthly" | "yearly">().notNull(),
    payment_method: text("payment_method").$type<"credit" | "atm" | "cvs">().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    address: jsonb("address").$type<StoredAddress>(),
    receipt: text("receipt").$type<"none" | "per_gift" | "yearly">().notNull(),
    receipt_format: text("receipt_format").$type<"digital" | "paper">().notNull(),
    receipt_title: text("receipt_title"),
    tax_upload: smallint("tax_upload").notNull().default(0),
    id_number: text("id_number"),
    anonymous: smallint("anonymous").notNull().default(0),
    exec_times: integer("exec_times"),
    payment_code: jsonb("payment_code").$type<StoredPaymentCode>(),
    payment_failure: text("payment_failure"),
    /** When the declined charge named by payment_failure was tried: only a later charge clears it. */
    payment_failed_at: timestamptz("payment_failed_at"),
    cancelled_at: timestamptz("cancelled_at"),
    ...timestamps,
  },
  (t) => [
    index("donations_member").on(t.member_id, t.created_at),
    index("donations_email").on(sql`lower(${t.email})`),
    // The payment sweeper's search for unpaid gifts old enough to lapse.
    index("donations_unpaid").on(t.status, t.created_at),
    uniqueIndex("donations_idempotency_key").on(t.idempotency_key),
    check("donations_amount", sql`${t.amount} > 0`),
  ],
);

/** One attempt to pay a gift through ECPay (a fresh MerchantTradeNo each time). */
export const donationPayments = pgTable(
  "donation_payments",
  {
    id: serial("id").primaryKey(),
    donation_id: integer("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "cascade" }),
    merchant_trade_no: text("merchant_trade_no").notNull().unique(),
    amount: integer("amount").notNull(),
    /** `duplicate`: paid after another attempt had paid; to be refunded (duplicate-payments.ts). */
    status: text("status")
      .$type<"started" | "awaiting" | "paid" | "failed" | "duplicate">()
      .notNull()
      .default("started"),
    trade_no: text("trade_no"),
    rtn_code: text("rtn_code"),
    rtn_msg: text("rtn_msg"),
    ...timestamps,
  },
  (t) => [index("donation_payments_donation").on(t.donation_id)],
);

/**
 * Money ECPay took for an order or gift that another attempt had already paid (duplicate-payments.ts):
 * one row per payment, keyed by its trade and its TradeNo (or a periodic charge's Gwsr), so a re-sent
 * notice is neither recorded nor reported twice. It is written with the attempt's `duplicate` mark,
 * in one transaction; `reported_at` is set when it is claimed for its report (log, mail, a stopped
 * schedule), so a report cut short is made when ECPay re-sends the notice. The office refunds it and
 * sets `refunded_at`.
 */
export const duplicatePayments = pgTable(
  "duplicate_payments",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"order" | "donation">().notNull(),
    number: text("number").notNull(),
    merchant_trade_no: text("merchant_trade_no").notNull(),
    payment_key: text("payment_key").notNull(),
    /** ECPay's TradeNo (of the schedule's first payment, for a later charge). */
    trade_no: text("trade_no"),
    amount: integer("amount").notNull(),
    paid_at: timestamptz("paid_at").notNull(),
    reported_at: timestamptz("reported_at"),
    refunded_at: timestamptz("refunded_at"),
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex("duplicate_payments_payment").on(t.merchant_trade_no, t.payment_key)],
);

/**
 * Money received: the first gift (keyed by its TradeNo) and each later periodic charge (keyed by
 * ECPay's Gwsr), so a re-sent notification can never record a charge twice.
 */
export const donationCharges = pgTable(
  "donation_charges",
  {
    id: serial("id").primaryKey(),
    donation_id: integer("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "cascade" }),
    merchant_trade_no: text("merchant_trade_no").notNull(),
    charge_key: text("charge_key").notNull(),
    sequence: integer("sequence").notNull(),
    amount: integer("amount").notNull(),
    charged_at: timestamptz("charged_at").notNull(),
    receipt_number: text("receipt_number").unique(),
    created_at: timestamps.created_at,
  },
  (t) => [
    uniqueIndex("donation_charges_trade_key").on(t.merchant_trade_no, t.charge_key),
    index("donation_charges_donation").on(t.donation_id, t.sequence),
  ],
);

/** The last receipt serial of each month (YYYYMM): numbers are taken with an UPDATE, never reused. */
export const receiptCounters = pgTable("receipt_counters", {
  month: text("month").primaryKey(),
  last: integer("last").notNull(),
});

/** A donor's yearly receipt: numbered once, when first issued, like every receipt (YYYYMM + serial). */
export const yearlyReceipts = pgTable(
  "yearly_receipts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    year: integer("year").notNull(),
    number: text("number").notNull().unique(),
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex("yearly_receipts_donor_year").on(sql`lower(${t.email})`, t.year)],
);

/**
 * Newsletter subscriptions, one per address (without regard to case), with double opt-in: `pending`
 * until the mailed link (its token kept only as a SHA-256, valid 7 days) is followed, then
 * `active` until the reader unsubscribes. Unsubscribe links are signed, not stored (newsletter.ts).
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name"),
    /** Where it was last asked for: footer, register or checkout. */
    source: text("source"),
    status: text("status").$type<"pending" | "active" | "unsubscribed">().notNull().default("pending"),
    confirm_token_hash: text("confirm_token_hash").unique(),
    confirm_expires_at: timestamptz("confirm_expires_at"),
    confirmed_at: timestamptz("confirmed_at"),
    unsubscribed_at: timestamptz("unsubscribed_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("newsletter_subscriptions_email_lower").on(sql`lower(${t.email})`)],
);

/** A `tsvector`, written and read as its text form (search/text.ts builds it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type SearchMeta = {
  image: StoredImage | null;
  label: string | null;
  author: string | null;
  /** The other names it is found by (an English title, 第 48 期), to show when only they matched. */
  aliases?: string[];
};

/**
 * The search index: one row per news, column, feature, magazine issue and author, kept in step with
 * its source by search/indexer.ts (decision 018). `head` holds the title (weight A) and description
 * (B); `document` those and the body (C). Visibility is copied so a search needs no joins.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    item_id: integer("item_id").notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    body: text("body").notNull().default(""),
    /** Title, description and body folded (search/text.ts), a line apart: phrases are checked here. */
    folded: text("folded").notNull().default(""),
    meta: jsonb("meta").$type<SearchMeta>().notNull(),
    /** The title alone, so title matches come straight from its index (no weights to recheck). */
    title_vector: tsvector("title_vector").notNull(),
    head: tsvector("head").notNull(),
    document: tsvector("document").notNull(),
    published_at: timestamptz("published_at"),
    status: smallint("status").notNull(),
    start_at: timestamptz("start_at"),
    /** The source's (and its author's and category's) latest updated_at when this row was written. */
    source_version: timestamptz("source_version").notNull(),
  },
  (t) => [
    uniqueIndex("search_documents_type_item").on(t.type, t.item_id),
    index("search_documents_document").using("gin", t.document),
    index("search_documents_title_vector").using("gin", t.title_vector),
    index("search_documents_head").using("gin", t.head),
    // Each tier of a search is read newest first (search.ts), over all kinds or one.
    index("search_documents_recent").on(sql`${t.published_at} desc nulls last`, sql`${t.id} desc`),
    index("search_documents_type_recent").on(
      t.type,
      sql`${t.published_at} desc nulls last`,
      sql`${t.id} desc`,
    ),
  ],
);
