import { z } from "zod";

/*
 * Zod, as the contracts build their schemas with it. Zod compiles object parsers with
 * `new Function` where it may, and finds out by trying it as a schema is made: in the browser the
 * page's Content-Security-Policy forbids that (decision 023), and the try would be reported as a
 * violation. There the schemas parse without compiling; the server keeps the compiled parsers.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
