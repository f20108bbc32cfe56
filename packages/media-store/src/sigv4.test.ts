import { describe, expect, it } from "vitest";
import { amzDate, authorization, canonicalRequest, emptyPayloadHash, sha256Hex, uriEncode } from "./sigv4.ts";

// AWS's worked examples, "Example: GET Object" and "Example: PUT Object"
// (sig-v4-header-based-auth.html#example-signature-calculations).
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const getObject = {
  method: "GET",
  path: "/test.txt",
  query: "",
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    range: "bytes=0-9",
    "x-amz-content-sha256": emptyPayloadHash,
    "x-amz-date": "20130524T000000Z",
  },
  payloadHash: emptyPayloadHash,
};

describe("AWS Signature Version 4", () => {
  it("builds AWS's canonical request for its GET Object example", () => {
    expect(emptyPayloadHash).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex(canonicalRequest(getObject))).toBe(
      "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
    );
  });

  it("signs AWS's GET Object example as AWS does", () => {
    expect(authorization(getObject, credentials)).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs AWS's PUT Object example, its key encoded as AWS encodes it", () => {
    const body = "Welcome to Amazon S3.";
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const put = {
      method: "PUT",
      path: `/${uriEncode("test$file.text", true)}`,
      query: "",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        host: "examplebucket.s3.amazonaws.com",
        "x-amz-content-sha256": payloadHash,
        "x-amz-date": "20130524T000000Z",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      payloadHash,
    };
    expect(put.path).toBe("/test%24file.text");
    expect(authorization(put, credentials)).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class," +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("changes the signature with any signed part", () => {
    const signed = authorization(getObject, credentials);
    expect(authorization({ ...getObject, path: "/test.txt2" }, credentials)).not.toBe(signed);
    expect(
      authorization({ ...getObject, headers: { ...getObject.headers, range: "bytes=0-8" } }, credentials),
    ).not.toBe(signed);
    expect(authorization(getObject, { ...credentials, secretAccessKey: "x" })).not.toBe(signed);
  });

  it("encodes keys as S3 wants them, and dates as x-amz-date", () => {
    expect(uriEncode("news/一碗湯 (1).jpg", true)).toBe("news/%E4%B8%80%E7%A2%97%E6%B9%AF%20%281%29.jpg");
    expect(uriEncode("a/b")).toBe("a%2Fb");
    expect(amzDate(new Date("2013-05-24T00:00:00.123Z"))).toBe("20130524T000000Z");
  });
});
