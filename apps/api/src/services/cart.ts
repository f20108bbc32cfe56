import {
  cartItemLimit,
  cartMessages,
  type CartAdjustment,
  type CartBulkResult,
  type CartLine,
  type CartPreviewLine,
  type ProductOption,
  type ProductType,
  skuProblem,
} from "@shiyi/contracts";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartLines, magazines, members, merchandise, type StoredImage } from "../db/schema.ts";
import { ApiError } from "../lib/errors.ts";
import { onSale, released } from "./visibility.ts";

/*
 * A signed-in member's cart (SPEC §3, §4, §7). Prices, stock and availability are read from the
 * item at every call, never kept in the line nor taken from the client.
 *
 * Limits: the quantity of an item across all of the member's lines for it (every sku: stock and
 * max_quantity belong to the item, not to an option) may not pass min(stock, max_quantity). Every
 * change runs in a transaction that first locks the member's row, so two tabs adding at once are
 * counted one after the other and cannot pass the limit together.
 */

/** Parsed POST /cart line (`sku` defaulted to []). */
export type CartLineRequest = { item_id: number; type: ProductType; sku: string[]; quantity: number };

type LineRow = typeof cartLines.$inferSelect;

type CartItem = Omit<CartLine, "id" | "item_id" | "sku" | "quantity">;
/** An item as loadItems finds it: a cart line's fields, and the options its sku chooses from. */
type LoadedItem = CartItem & { options: ProductOption[] };

const itemKey = (type: ProductType, itemId: number) => `${type}:${itemId}`;

/**
 * The items named by these lines as they are now, on sale or not; items gone for good, and items
 * before their start time (nothing of them is public yet), are absent.
 */
async function loadItems(
  db: Database,
  wanted: readonly { type: ProductType; item_id: number }[],
): Promise<Map<string, LoadedItem>> {
  const idsOf = (type: ProductType) => [
    ...new Set(wanted.filter((line) => line.type === type).map((line) => line.item_id)),
  ];
  const magazineIds = idsOf("magazine");
  const merchIds = idsOf("merch");
  const [magazineRows, merchRows] = await Promise.all([
    magazineIds.length === 0
      ? []
      : db
          .select({ row: magazines, on_sale: sql<boolean>`(${onSale(magazines)})` })
          .from(magazines)
          .where(and(inArray(magazines.id, magazineIds), released(magazines))),
    merchIds.length === 0
      ? []
      : db
          .select({ row: merchandise, on_sale: sql<boolean>`(${onSale(merchandise)})` })
          .from(merchandise)
          .where(and(inArray(merchandise.id, merchIds), released(merchandise))),
  ]);

  const items = new Map<string, LoadedItem>();
  const common = (
    row: typeof magazines.$inferSelect | typeof merchandise.$inferSelect,
    onSaleNow: boolean,
    thumbnail: StoredImage | null | undefined,
  ) => ({
    price: row.price,
    original_price: row.original_price,
    overseas_price: row.overseas_price,
    path: row.path,
    title: row.title,
    info_title: row.info_title,
    description: row.description,
    thumbnail: thumbnail ?? null,
    stock: row.stock,
    max_quantity: row.max_quantity,
    available: onSaleNow ? (1 as const) : (0 as const),
  });
  for (const { row, on_sale } of magazineRows) {
    items.set(itemKey("magazine", row.id), {
      type: "magazine",
      issue: row.issue,
      options: [],
      ...common(row, on_sale, row.cover ?? row.images[0]),
    });
  }
  for (const { row, on_sale } of merchRows) {
    items.set(itemKey("merch", row.id), {
      type: "merch",
      issue: null,
      options: row.options,
      ...common(row, on_sale, row.images[0]),
    });
  }
  return items;
}

/**
 * A line is for sale while its item is and its sku is still a choice of the item's options (an
 * editor may give an item options after it went into carts): otherwise it cannot be ordered, and
 * says so as an unavailable line does, to be removed and added again with a choice.
 */
const lineAvailable = (item: LoadedItem, sku: readonly string[]): 0 | 1 =>
  item.available === 1 && skuProblem(item.options, sku) === null ? 1 : 0;

function toCartLine(line: LineRow, loaded: LoadedItem): CartLine {
  const { options: _options, ...item } = loaded;
  return {
    ...item,
    available: lineAvailable(loaded, line.sku),
    id: line.id,
    item_id: line.item_id,
    type: line.type,
    sku: line.sku,
    quantity: line.quantity,
  };
}

/** The member's lines, newest first, each with its item as it is now. */
export async function listCart(db: Database, memberId: number): Promise<CartLine[]> {
  const lines = await db
    .select()
    .from(cartLines)
    .where(eq(cartLines.member_id, memberId))
    .orderBy(desc(cartLines.id));
  const items = await loadItems(db, lines);
  // A line whose item was removed for good has nothing left to show or to buy.
  return lines.flatMap((line) => {
    const item = items.get(itemKey(line.type, line.item_id));
    return item ? [toCartLine(line, item)] : [];
  });
}

/**
 * POST /cart/preview: an anonymous visitor's local lines (SPEC §3 stored cart line) shown as GET
 * /cart shows a member's, in the order sent. Nothing is written and nothing is refused: a line past
 * the item's limit keeps its quantity (the cart page shows the limit), and a line whose item is gone
 * for good is left out, as GET /cart leaves it out.
 */
export async function previewCart(db: Database, inputs: CartLineRequest[]): Promise<CartPreviewLine[]> {
  const items = await loadItems(db, inputs);
  return inputs.flatMap((input) => {
    const item = items.get(itemKey(input.type, input.item_id));
    if (!item) return [];
    const { item_id, type, sku, quantity } = input;
    const { options: _options, ...shown } = item;
    return [{ ...shown, available: lineAvailable(item, sku), item_id, type, sku, quantity }];
  });
}

/** Serialises the member's cart changes until the transaction ends. */
async function lockCart(tx: Database, memberId: number) {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
}

/** The quantity of an item in the member's lines other than `exceptLineId` (other skus). */
async function heldElsewhere(
  tx: Database,
  memberId: number,
  item: { type: ProductType; item_id: number },
  exceptLineId: number | undefined,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.member_id, memberId),
        eq(cartLines.type, item.type),
        eq(cartLines.item_id, item.item_id),
        exceptLineId === undefined ? undefined : ne(cartLines.id, exceptLineId),
      ),
    );
  return Number(row?.total ?? 0);
}

const unavailable = () =>
  new ApiError(422, cartMessages.unavailable, { item_id: [cartMessages.unavailable] });
const overLimit = (message: string) => new ApiError(422, message, { quantity: [message] });

/** The member's line of this item, type and sku, if there is one. */
async function findLine(
  tx: Database,
  memberId: number,
  input: CartLineRequest,
): Promise<LineRow | undefined> {
  const [line] = await tx
    .select()
    .from(cartLines)
    .where(
      and(
        eq(cartLines.member_id, memberId),
        eq(cartLines.type, input.type),
        eq(cartLines.item_id, input.item_id),
        eq(cartLines.sku, input.sku),
      ),
    )
    .limit(1);
  return line;
}

/** Sets `existing` to `quantity`, or creates the line (on top of the cart: ids only grow). */
async function writeLine(
  tx: Database,
  memberId: number,
  input: CartLineRequest,
  existing: LineRow | undefined,
  quantity: number,
): Promise<LineRow> {
  if (existing) {
    const [updated] = await tx
      .update(cartLines)
      .set({ quantity, updated_at: sql`now()` })
      .where(eq(cartLines.id, existing.id))
      .returning();
    // Gone meanwhile (an order placed at the same moment takes its lines out of the cart).
    if (!updated) throw new ApiError(404, cartMessages.lineNotFound);
    return updated;
  }
  const [created] = await tx
    .insert(cartLines)
    .values({ member_id: memberId, item_id: input.item_id, type: input.type, sku: input.sku, quantity })
    .returning();
  return created!;
}

type AddOutcome =
  | { ok: true; line: LineRow; item: LoadedItem }
  | { ok: false; reason: "unavailable" }
  /** The sku is no choice of the item's options (`skuProblem`). */
  | { ok: false; reason: "sku"; message: string }
  /** `allowed`: the most this line may hold beside the member's other lines of the item. */
  | { ok: false; reason: "limit"; allowed: number; message: string; existing: LineRow | undefined };

/** Adds one line's quantity inside a locked transaction, or says why it cannot (and writes nothing). */
async function tryAdd(tx: Database, memberId: number, input: CartLineRequest): Promise<AddOutcome> {
  const item = (await loadItems(tx, [input])).get(itemKey(input.type, input.item_id));
  if (!item || item.available === 0) return { ok: false, reason: "unavailable" };
  const problem = skuProblem(item.options, input.sku);
  if (problem) return { ok: false, reason: "sku", message: problem };
  const existing = await findLine(tx, memberId, input);
  const others = await heldElsewhere(tx, memberId, input, existing?.id);
  const quantity = (existing?.quantity ?? 0) + input.quantity;
  const limit = cartItemLimit(item);
  if (others + quantity > limit.max) {
    const allowed = Math.max(limit.max - others, 0);
    return { ok: false, reason: "limit", allowed, message: limit.message, existing };
  }
  return { ok: true, line: await writeLine(tx, memberId, input, existing, quantity), item };
}

/** POST /cart: adds to the line of the same item, type and sku, or creates one. All or nothing. */
export async function addToCart(db: Database, memberId: number, input: CartLineRequest): Promise<CartLine> {
  return db.transaction(async (tx) => {
    await lockCart(tx, memberId);
    const outcome = await tryAdd(tx, memberId, input);
    if (!outcome.ok) {
      if (outcome.reason === "unavailable") throw unavailable();
      if (outcome.reason === "sku") throw new ApiError(422, outcome.message, { sku: [outcome.message] });
      throw overLimit(outcome.message);
    }
    return toCartLine(outcome.line, outcome.item);
  });
}

/**
 * POST /cart with `items`: the local cart merged at login (SPEC §4), in one transaction.
 *
 * Unlike a single add, this never refuses the whole list: the client clears its local lines
 * afterwards, so a refusal would lose everything. A line that would pass the limit is raised only
 * to the most allowed, and one whose item is withdrawn, deleted or sold out is left out; each is
 * reported in `adjusted` and summed up in the message.
 *
 * The list comes newest first, like the local cart; it is written last to first so that its first
 * line ends up on top of the server cart too.
 */
export async function addManyToCart(
  db: Database,
  memberId: number,
  inputs: CartLineRequest[],
): Promise<CartBulkResult> {
  const adjusted: CartAdjustment[] = [];
  let added = 0;
  await db.transaction(async (tx) => {
    await lockCart(tx, memberId);
    for (const input of inputs.toReversed()) {
      const outcome = await tryAdd(tx, memberId, input);
      // Counted in pieces (件), as the cart counts them, not in lines.
      if (outcome.ok) {
        added += input.quantity;
        continue;
      }
      const { item_id, type, sku } = input;
      if (outcome.reason === "unavailable" || outcome.reason === "sku") {
        const message = outcome.reason === "sku" ? outcome.message : cartMessages.unavailable;
        adjusted.push({ item_id, type, sku, quantity: 0, message });
        continue;
      }
      // Raised to what is allowed; a line already past it (the stock fell since) is left as it is.
      const current = outcome.existing?.quantity ?? 0;
      if (outcome.allowed > current) {
        await writeLine(tx, memberId, input, outcome.existing, outcome.allowed);
        added += outcome.allowed - current;
      }
      const quantity = Math.max(outcome.allowed, current);
      adjusted.push({ item_id, type, sku, quantity, message: outcome.message });
    }
  });
  adjusted.reverse();
  const capped = adjusted.filter((line) => line.quantity > 0).length;
  const skipped = adjusted.length - capped;
  const message = [
    added > 0 || adjusted.length === 0 ? cartMessages.bulkAdded(added) : undefined,
    capped > 0 ? cartMessages.bulkCapped(capped) : undefined,
    skipped > 0 ? cartMessages.bulkSkipped(skipped) : undefined,
  ]
    .filter(Boolean)
    .join("；");
  return { data: await listCart(db, memberId), message, adjusted };
}

/**
 * The member's own line, else 404: another member's line is answered as if there were none, so
 * that line ids tell nobody which exist (as orders and gifts do).
 */
async function ownLine(tx: Database, memberId: number, lineId: number): Promise<LineRow> {
  const [line] = await tx.select().from(cartLines).where(eq(cartLines.id, lineId)).limit(1);
  if (!line || line.member_id !== memberId) throw new ApiError(404, cartMessages.lineNotFound);
  return line;
}

/**
 * PATCH /cart/{id}: sets the quantity and/or the options of the member's own line, within the
 * item's limits. A line moved to options another line already holds is merged into that line
 * (their quantities added), which is returned; this one is removed.
 */
export async function updateCartLine(
  db: Database,
  memberId: number,
  lineId: number,
  change: { quantity?: number; sku?: string[] },
): Promise<CartLine> {
  return db.transaction(async (tx) => {
    await lockCart(tx, memberId);
    const line = await ownLine(tx, memberId, lineId);
    const item = (await loadItems(tx, [line])).get(itemKey(line.type, line.item_id));
    if (!item || item.available === 0) throw unavailable();
    const sku = change.sku ?? line.sku;
    const problem = change.sku && skuProblem(item.options, change.sku);
    if (problem) throw new ApiError(422, problem, { sku: [problem] });
    const quantity = change.quantity ?? line.quantity;
    // Lines of this item other than this one: the merge target's quantity is among them.
    const others = await heldElsewhere(tx, memberId, line, line.id);
    const limit = cartItemLimit(item);
    if (others + quantity > limit.max) throw overLimit(limit.message);
    const target = skuEquals(sku, line.sku) ? undefined : await findLine(tx, memberId, { ...line, sku });
    if (target) {
      await tx.delete(cartLines).where(eq(cartLines.id, line.id));
      return toCartLine(await writeLine(tx, memberId, target, target, target.quantity + quantity), item);
    }
    const [updated] = await tx
      .update(cartLines)
      .set({ quantity, sku, updated_at: sql`now()` })
      .where(eq(cartLines.id, line.id))
      .returning();
    return toCartLine(updated!, item);
  });
}

const skuEquals = (a: string[], b: string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** DELETE /cart/{id}: removes the member's own line, whatever became of its item. */
export async function removeCartLine(db: Database, memberId: number, lineId: number): Promise<void> {
  // Under the cart's lock, as every change is: an update merging into this line finds it whole.
  await db.transaction(async (tx) => {
    await lockCart(tx, memberId);
    const line = await ownLine(tx, memberId, lineId);
    await tx.delete(cartLines).where(eq(cartLines.id, line.id));
  });
}
