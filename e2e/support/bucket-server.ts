/**
 * The split deployment's bucket for the end-to-end run: the local S3 stand-in on its own port,
 * started by playwright.config.ts before the API that seeds its pictures into it.
 */
import { startS3StandIn } from "@shiyi/media-store/stand-in";
import { splitBucket } from "./servers.ts";

const { endpoint, ...bucket } = splitBucket;
const standIn = await startS3StandIn({ ...bucket, port: Number(new URL(endpoint).port) });
process.stdout.write(`bucket stand-in at ${standIn.endpoint}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
