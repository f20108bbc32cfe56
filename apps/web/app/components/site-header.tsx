import { Dialog } from "@base-ui/react/dialog";
import { useState } from "react";
import { Link, NavLink, useNavigation } from "react-router";
import { mainNavigation, secondaryNavigation } from "../lib/navigation.ts";
import { Logo } from "./logo.tsx";

export function SiteHeader({ name }: { name: string }) {
  return (
    <header className="border-b border-rule bg-paper">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-ink focus:px-4 focus:py-2 focus:text-paper"
      >
        跳到主要內容
      </a>
      <div className="container-page flex items-center justify-between gap-6 py-4 lg:py-6">
        <Link to="/" className="flex items-center gap-3 text-ink" aria-label={`${name} 首頁`}>
          <Logo className="h-10 w-10 lg:h-12 lg:w-12" />
          <span className="font-serif text-2xl font-bold tracking-[0.2em] lg:text-3xl">{name}</span>
        </Link>
        <nav aria-label="主選單" className="hidden lg:block">
          <ul className="flex items-center gap-7">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `group flex flex-col items-center leading-tight ${isActive ? "text-primary" : "text-ink hover:text-primary"}`
                  }
                >
                  <span className="font-serif text-[1.05rem] font-semibold tracking-[0.12em]">
                    {item.label}
                  </span>
                  <span className="mt-0.5 text-[0.625rem] uppercase tracking-[0.2em] text-muted">
                    {item.subtitle}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * The menu below the lg breakpoint: a modal panel that traps focus, closes on Escape, on the close
 * button, and whenever page loading starts or ends (SPEC §2), and gives focus back to its button.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const navigationState = useNavigation().state;
  // Closing while rendering (not in an effect) so the panel never paints open on the new page.
  const [seenState, setSeenState] = useState(navigationState);
  if (seenState !== navigationState) {
    setSeenState(navigationState);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border border-rule px-3 py-2 text-sm lg:hidden">
        <span
          aria-hidden="true"
          className="block w-4 border-t-2 border-ink shadow-[0_5px_0_0_var(--color-ink),0_-5px_0_0_var(--color-ink)]"
        />
        <span>選單</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Backdrop className="mobile-menu-backdrop fixed inset-0 z-[200] bg-ink/40 lg:hidden" />
        <Dialog.Popup className="mobile-menu fixed inset-y-0 right-0 z-[210] flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-paper px-6 pb-10 pt-5 shadow-[0_12px_40px_-12px_rgba(29,27,24,0.45)] lg:hidden">
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
              {[...mainNavigation, ...secondaryNavigation].map((item) => (
                <li key={item.to + item.label}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `flex min-h-11 items-baseline justify-between py-2.5 ${isActive ? "text-primary" : "hover:text-primary"}`
                    }
                  >
                    <span className="font-serif text-lg tracking-widest">{item.label}</span>
                    <span className="text-[0.65rem] uppercase tracking-[0.2em] text-muted">
                      {item.subtitle}
                    </span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
