import { messages } from "@shiyi/contracts/messages";
import { useState, type MouseEvent, type ReactNode, type Ref } from "react";
import { showToast } from "../ui/toast.tsx";

/** The name the server gave the file (`Content-Disposition`), else the link's own. */
function fileName(response: Response, fallback: string) {
  const header = response.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below, or the link's.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A receipt's PDF. Without JavaScript it is a plain download link. With it, the file is fetched
 * first, so that a receipt the server cannot give (not found, not the member's, its PDF failing)
 * is said in a toast with the server's message, instead of the browser's own "download failed" or
 * a file of text named .pdf. A redirect (the sign-in page, after the session ended) is left to the
 * browser: it opens the link, and the server sends the member to sign in and back.
 */
export function ReceiptLink({
  href,
  className,
  linkRef,
  children,
}: {
  href: string;
  className?: string;
  linkRef?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // A redirect is not followed here: it is the sign-in page (with the notice that the session
      // ended, said once), which the browser opens itself.
      const response = await fetch(href, { headers: { accept: "application/pdf" }, redirect: "manual" });
      const type = response.headers.get("content-type") ?? "";
      if (response.type === "opaqueredirect") {
        window.location.assign(href);
      } else if (response.ok && type.startsWith("application/pdf")) {
        const file = URL.createObjectURL(await response.blob());
        const save = document.createElement("a");
        save.href = file;
        save.download = fileName(response, `receipt-${href.split("/").pop()}.pdf`);
        document.body.append(save);
        save.click();
        save.remove();
        // Revoked once the browser has taken the file.
        setTimeout(() => URL.revokeObjectURL(file), 60_000);
      } else {
        // The server's reason when it gave one in words, else the catalogue's (SPEC §8).
        const reason = type.startsWith("text/plain") ? await response.text() : "";
        showToast({ type: "danger", message: reason || messages.fallback });
      }
    } catch {
      showToast({ type: "danger", message: messages.networkFailure });
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      ref={linkRef}
      href={href}
      download
      aria-busy={busy || undefined}
      onClick={(event) => void onClick(event)}
      // While the PDF is made (a yearly receipt takes a moment), the link shows it is working.
      className={`${className ?? ""} aria-busy:cursor-progress aria-busy:opacity-60`}
    >
      {children}
    </a>
  );
}
