import { feedResponse } from "../lib/feed.server.ts";
import type { Route } from "./+types/columns-rss";

export const loader = ({ context }: Route.LoaderArgs) => feedResponse(context, "columns");
