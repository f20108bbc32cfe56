import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderStore } from "./folder-store.ts";
import { rememberStats } from "./remember.ts";
import { MediaStoreError, s3Store } from "./s3-store.ts";
import { amzDate, authorization, sha256Hex } from "./sigv4.ts";
import { startS3StandIn, type S3StandIn } from "./stand-in.ts";
import { isMediaKey, type MediaStore } from "./store.ts";

const credentials = {
  accessKeyId: "SHIYITESTKEY",
  secretAccessKey: "stand-in-secret",
  region: "ap-northeast-1",
};
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

let standIn: S3StandIn;
let dir: string;
beforeAll(async () => {
  standIn = await startS3StandIn({ bucket: "shiyi-media", ...credentials });
  dir = await mkdtemp(path.join(tmpdir(), "shiyi-media-"));
});
afterAll(async () => {
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ["a folder", () => folderStore(dir)],
  ["an S3 bucket", () => s3Store({ endpoint: standIn.endpoint, bucket: "shiyi-media", ...credentials })],
];

describe.each(stores)("pictures in %s", (_, storeOf) => {
  it("keeps what is written, by key, and says what it is", async () => {
    const store = storeOf();
    await store.write("news/一碗湯 (1).jpg", jpeg, "image/jpeg");
    const info = await store.stat("news/一碗湯 (1).jpg");
    expect(info).toMatchObject({ contentType: "image/jpeg", size: jpeg.byteLength });
    expect(info?.etag).toMatch(/^".+"$/);
    expect(info?.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const file = await store.read("news/一碗湯 (1).jpg");
    expect(file?.body).toEqual(jpeg);
    expect(file?.etag).toBe(info?.etag);
  });

  it("gives a new validator to new content", async () => {
    const store = storeOf();
    await store.write("columns/a.jpg", jpeg, "image/jpeg");
    const before = await store.stat("columns/a.jpg");
    await store.write("columns/a.jpg", new Uint8Array([...jpeg, 9]), "image/jpeg");
    const after = await store.stat("columns/a.jpg");
    expect(after?.size).toBe(jpeg.byteLength + 1);
    expect(after?.etag).not.toBe(before?.etag);
  });

  it("answers nothing for a key it does not hold or that leaves the store", async () => {
    const store = storeOf();
    expect(await store.stat("news/none.jpg")).toBeUndefined();
    expect(await store.read("news/none.jpg")).toBeUndefined();
    for (const key of ["../pglite/PG_VERSION", "news/../../x", "/etc/passwd", "news\\a.jpg", ""]) {
      expect(await store.read(key)).toBeUndefined();
      await expect(store.write(key, jpeg, "image/jpeg")).rejects.toThrow(/not a media key/);
    }
  });
});

describe("the S3 bucket", () => {
  const bucketStore = (options: Partial<Parameters<typeof s3Store>[0]> = {}) =>
    s3Store({ endpoint: standIn.endpoint, bucket: "shiyi-media", ...credentials, ...options });

  it("puts a prefix before every key", async () => {
    await bucketStore({ prefix: "site/" }).write("authors/a.jpg", jpeg, "image/jpeg");
    expect(standIn.keys()).toContain("site/authors/a.jpg");
    expect((await bucketStore({ prefix: "site/" }).read("authors/a.jpg"))?.body).toEqual(jpeg);
    expect(await bucketStore().read("authors/a.jpg")).toBeUndefined();
  });

  it("fails loudly, with the service's code, on a wrong secret, bucket or clock", async () => {
    await bucketStore().write("x.jpg", jpeg, "image/jpeg");
    const wrong = [
      [bucketStore({ secretAccessKey: "wrong" }), 403, "SignatureDoesNotMatch"],
      [bucketStore({ accessKeyId: "NOBODY" }), 403, "InvalidAccessKeyId"],
      [bucketStore({ region: "us-east-1" }), 403, "SignatureDoesNotMatch"],
      [bucketStore({ bucket: "other" }), 404, "NoSuchBucket"],
      [bucketStore({ now: () => new Date(Date.now() - 20 * 60_000) }), 403, "RequestTimeTooSkewed"],
    ] as const;
    for (const [store, status, code] of wrong) {
      const failure = await store.read("x.jpg").then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MediaStoreError);
      expect(failure).toMatchObject({ status, code });
      await expect(store.write("x.jpg", jpeg, "image/jpeg")).rejects.toMatchObject({ status, code });
    }
  });

  it("is probed at start-up: a readable bucket passes, a misconfigured one is named with what to check", async () => {
    await expect(bucketStore().probe()).resolves.toBeUndefined();
    await expect(bucketStore({ bucket: "other" }).probe()).rejects.toThrow(
      /answered 404 NoSuchBucket: no bucket of that name; check MEDIA_S3_BUCKET/,
    );
    await expect(bucketStore({ secretAccessKey: "wrong" }).probe()).rejects.toThrow(
      /answered 403 SignatureDoesNotMatch: .*MEDIA_S3_SECRET_ACCESS_KEY/,
    );
    const closed = await startS3StandIn({ bucket: "shiyi-media", ...credentials });
    await closed.close();
    await expect(
      s3Store({ endpoint: closed.endpoint, bucket: "shiyi-media", ...credentials }).probe(),
    ).rejects.toThrow(/Cannot reach the pictures' bucket .*ECONNREFUSED/);
    await expect(folderStore(path.join(dir, "not-yet")).probe()).resolves.toBeUndefined();
  });

  it("sends a call again when the network fails it, up to three times, and never an answered one", async () => {
    // What fetch throws when the bucket closes a kept connection as a call goes out on it.
    const closedUnder = () => new TypeError("fetch failed", { cause: new Error("other side closed") });
    const flaky = (failures: number) => {
      const calls: string[] = [];
      const store = bucketStore({
        fetch: async (input, init) => {
          calls.push(init?.method ?? "GET");
          if (calls.length <= failures) throw closedUnder();
          return fetch(input, init);
        },
      });
      return { store, calls };
    };

    const put = flaky(1);
    await put.store.write("again.jpg", jpeg, "image/jpeg");
    expect(put.calls).toEqual(["PUT", "PUT"]);
    expect((await bucketStore().read("again.jpg"))?.body).toEqual(jpeg);

    const read = flaky(2);
    expect((await read.store.read("again.jpg"))?.body).toEqual(jpeg);
    expect((await read.store.stat("again.jpg"))?.size).toBe(jpeg.byteLength);
    expect(read.calls).toEqual(["GET", "GET", "GET", "HEAD"]);

    const down = flaky(Infinity);
    await expect(down.store.stat("again.jpg")).rejects.toThrow("fetch failed");
    expect(down.calls).toHaveLength(3);

    // A refusal is the service's answer: it is not asked again.
    const refused = { calls: 0 };
    const wrong = bucketStore({
      secretAccessKey: "wrong",
      fetch: (input, init) => (refused.calls++, fetch(input, init)),
    });
    await expect(wrong.read("again.jpg")).rejects.toMatchObject({ status: 403 });
    expect(refused.calls).toBe(1);
  });

  it("tells a missing key from a missing bucket by the error's code, whatever the key is called", async () => {
    expect(await bucketStore().read("NoSuchBucket.jpg")).toBeUndefined();
  });

  it("is a stand-in that refuses a body other than the one signed", async () => {
    const url = new URL(`${standIn.endpoint}/shiyi-media/tampered.jpg`);
    const date = amzDate(new Date());
    const headers = { host: url.host, "x-amz-content-sha256": sha256Hex(jpeg), "x-amz-date": date };
    const signed = authorization(
      { method: "PUT", path: url.pathname, query: "", headers, payloadHash: headers["x-amz-content-sha256"] },
      credentials,
    );
    const response = await fetch(url, {
      method: "PUT",
      headers: {
        "x-amz-content-sha256": headers["x-amz-content-sha256"],
        "x-amz-date": date,
        authorization: signed,
      },
      body: new Uint8Array([...jpeg, 0]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("XAmzContentSHA256Mismatch");
    expect(standIn.keys()).not.toContain("tampered.jpg");
  });
});

describe("media keys", () => {
  it("are relative paths inside the store", () => {
    expect(isMediaKey("news/a-b_c.jpg")).toBe(true);
    expect(isMediaKey("news//a.jpg")).toBe(false);
    expect(isMediaKey("./a.jpg")).toBe(false);
    expect(isMediaKey("a\u0000.jpg")).toBe(false);
  });
});

describe("remembered answers", () => {
  it("asks the bucket once per key for a while, absences included, and forgets on write", async () => {
    let clock = 0;
    const bucket = s3Store({ endpoint: standIn.endpoint, bucket: "shiyi-media", ...credentials });
    const store = rememberStats(bucket, { ttlMs: 10_000, now: () => clock });
    await bucket.write("remembered.jpg", jpeg, "image/jpeg");
    const heads = () => standIn.requests.HEAD ?? 0;
    const before = heads();
    const answers = await Promise.all([store.stat("remembered.jpg"), store.stat("remembered.jpg")]);
    expect(answers[0]?.size).toBe(jpeg.byteLength);
    expect(answers[1]).toEqual(answers[0]);
    expect(await store.stat("missing.jpg")).toBeUndefined();
    expect(await store.stat("missing.jpg")).toBeUndefined();
    expect(heads() - before).toBe(2);

    // Replaced elsewhere: seen once the answer is older than ttlMs.
    await bucket.write("remembered.jpg", new Uint8Array([...jpeg, 1]), "image/jpeg");
    expect((await store.stat("remembered.jpg"))?.size).toBe(jpeg.byteLength);
    clock += 10_001;
    expect((await store.stat("remembered.jpg"))?.size).toBe(jpeg.byteLength + 1);

    // Written through this store: seen at once.
    await store.write("missing.jpg", jpeg, "image/jpeg");
    expect((await store.stat("missing.jpg"))?.size).toBe(jpeg.byteLength);
  });

  it("does not let a slow failure drop the answer a later caller is keeping", async () => {
    let clock = 0;
    let failSlowly!: (error: Error) => void;
    const info = { contentType: "image/jpeg", size: 1, modified: new Date(0), etag: '"1"' };
    let calls = 0;
    const store = rememberStats(
      {
        ...folderStore(dir),
        stat: () => {
          calls += 1;
          return calls === 1 ? new Promise((_, reject) => (failSlowly = reject)) : Promise.resolve(info);
        },
      },
      { ttlMs: 1_000, now: () => clock },
    );
    const slow = store.stat("a.jpg");
    clock += 1_001;
    expect(await store.stat("a.jpg")).toEqual(info);
    failSlowly(new Error("timed out"));
    await expect(slow).rejects.toThrow("timed out");
    expect(await store.stat("a.jpg")).toEqual(info);
    expect(calls).toBe(2);
  });

  it("does not keep a failure", async () => {
    const wrong = s3Store({
      endpoint: standIn.endpoint,
      bucket: "shiyi-media",
      ...credentials,
      secretAccessKey: "x",
    });
    const store = rememberStats(wrong, { ttlMs: 10_000 });
    const before = standIn.requests.HEAD ?? 0;
    await expect(store.stat("x.jpg")).rejects.toMatchObject({ status: 403 });
    await expect(store.stat("x.jpg")).rejects.toMatchObject({ status: 403 });
    expect((standIn.requests.HEAD ?? 0) - before).toBe(2);
  });
});
