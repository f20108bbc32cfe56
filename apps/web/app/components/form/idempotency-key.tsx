import { useEffect, useRef, useState } from "react";
import { idempotencyField, newIdempotencyKey } from "../../lib/idempotency.ts";

/**
 * The form's idempotency key (lib/idempotency.ts), as a hidden field. `initial` comes from a
 * page's loader where the page is the visitor's own (it then works without JavaScript too); a
 * page shared through the cache makes its key in the browser, since every reader would otherwise
 * send the same one.
 */
export function IdempotencyKey({ initial }: { initial?: string }) {
  const input = useRef<HTMLInputElement>(null);
  // The first key stays: a loader run again brings a new one, and the form sent again must
  // carry the key of its first sending.
  const [first] = useState(initial);
  useEffect(() => {
    // A hidden field's value is its attribute: a form's reset keeps it.
    if (input.current && !input.current.value) input.current.value = newIdempotencyKey();
  }, []);
  return <input ref={input} type="hidden" name={idempotencyField} defaultValue={first} />;
}
