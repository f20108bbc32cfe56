import { useEffect, useRef } from "react";
import { Link, NavLink, useNavigation } from "react-router";
import { mainNavigation, secondaryNavigation } from "../lib/navigation.ts";
import { Logo } from "./logo.tsx";

export function SiteHeader({ name }: { name: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const navigationState = useNavigation().state;
  // The mobile menu closes when page loading starts and when it ends (SPEC §2).
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [navigationState]);
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
        <details ref={menu} className="group relative lg:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-sm border border-rule px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
            <span
              aria-hidden="true"
              className="block w-4 border-t-2 border-ink shadow-[0_5px_0_0_var(--color-ink),0_-5px_0_0_var(--color-ink)]"
            />
            <span>選單</span>
          </summary>
          <nav
            aria-label="行動版選單"
            className="absolute right-0 z-40 mt-3 w-64 border border-rule bg-paper p-5 shadow-[0_12px_40px_-12px_rgba(29,27,24,0.35)]"
          >
            <ul className="space-y-1">
              {[...mainNavigation, ...secondaryNavigation].map((item) => (
                <li key={item.to + item.label}>
                  <Link to={item.to} className="flex items-baseline justify-between py-2 hover:text-primary">
                    <span className="font-serif text-lg tracking-widest">{item.label}</span>
                    <span className="text-[0.65rem] uppercase tracking-[0.2em] text-muted">
                      {item.subtitle}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
