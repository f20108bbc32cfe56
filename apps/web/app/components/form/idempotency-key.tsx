import { useEffect, useRef, useState } from "react";
import { idempotencyField, newIdempotencyKey } from "../../lib/idempotency.ts";

/**
 * The form's idempotency key (lib/idempotency.ts), as a hidden field. `initial` comes from a
 * page's loader where the page is the visitor's own (it then works without JavaScript too); a
 * page shared through the cache makes its key in the browser, since every reader would otherwise
 * send the same one. A page come back to (Back from ECPay's page, restored as it was) is a new
 * sending, which may change the amount: it gets a new key. Browsers must not fill the field in
 * from an earlier visit either (autocomplete off).
 */
export function IdempotencyKey({ initial }: { initial?: string }) {
  const input = useRef<HTMLInputElement>(null);
  // The first key stays: a loader run again brings a new one, and the form sent again must
  // carry the key of its first sending.
  const [first] = useState(initial);
  useEffect(() => {
    // A hidden field's value is its attribute: a form's reset keeps it.
    if (input.current && !input.current.value) input.current.value = newIdempotencyKey();
    const renew = (event: PageTransitionEvent) => {
      if (event.persisted && input.current) input.current.value = newIdempotencyKey();
    };
    window.addEventListener("pageshow", renew);
    return () => window.removeEventListener("pageshow", renew);
  }, []);
  return <input ref={input} type="hidden" name={idempotencyField} defaultValue={first} autoComplete="off" />;
}
