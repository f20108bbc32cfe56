import { Dialog } from "@base-ui/react/dialog";
import { useEffect, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import { pageId } from "./loading-screen.tsx";
import { currentMenuPath, mainNavigation, secondaryNavigation } from "../lib/navigation.ts";

const menu = [...mainNavigation, ...secondaryNavigation];

/** The mobile menu's panel, sliding in from the right; see MobileMenu in site-header.tsx. */
export default function MobileMenuPanel({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the menu closes; `null`: it is not moved (a link was followed). */
  returnFocus: RefObject<HTMLElement | null> | null;
}) {
  const current = currentMenuPath(
    useLocation().pathname,
    menu.map((item) => item.to),
  );
  // The dialog hides the page from screen readers while it is open, except the ancestors of live
  // regions, which it leaves so that they are still heard: the footer's newsletter form kept the
  // footer and its form listed as landmarks beside the menu. The whole page goes while it is open.
  useEffect(() => {
    const page = open ? document.getElementById(pageId) : null;
    if (!page) return;
    page.setAttribute("aria-hidden", "true");
    return () => page.removeAttribute("aria-hidden");
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Backdrop className="mobile-menu-backdrop fixed inset-0 z-[200] bg-ink/40 lg:hidden" />
        <Dialog.Popup
          finalFocus={returnFocus ?? false}
          className="mobile-menu fixed inset-y-0 right-0 z-[210] flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-paper px-6 pb-10 pt-5 shadow-[0_12px_40px_-12px_rgba(29,27,24,0.45)] lg:hidden"
        >
          <div className="flex items-center justify-between border-b border-rule pb-4">
            <Dialog.Title className="font-serif text-lg tracking-[0.3em]">選單</Dialog.Title>
            <Dialog.Close
              aria-label="關閉選單"
              className="-mr-2 flex h-11 w-11 cursor-pointer items-center justify-center text-2xl leading-none"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <nav aria-label="行動版選單" className="mt-4">
            <ul className="space-y-1">
              {menu.map((item) => (
                <li key={item.to + item.label}>
                  <Link
                    to={item.to}
                    aria-current={item.to === current ? "page" : undefined}
                    className={`flex min-h-11 items-baseline justify-between py-2.5 ${item.to === current ? "text-primary" : "hover:text-primary"}`}
                  >
                    <span className="font-serif text-lg tracking-widest">{item.label}</span>
                    <span lang="en" className="text-[0.65rem] uppercase tracking-[0.2em] text-muted">
                      {item.subtitle}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
