import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { mainNavigation, secondaryNavigation, siteMenuId } from "../lib/navigation.ts";
import { searchQueryOf } from "../lib/search-query.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { Logo } from "./logo.tsx";

const MobileMenuPanel = lazy(() => import("./mobile-menu-panel.tsx"));

export function SiteHeader({
  name,
  member,
  cartCount,
}: {
  name: string;
  member: { name: string } | null;
  /** Pieces in the cart; null while a visitor's local cart is not read yet. */
  cartCount: number | null;
}) {
  return (
    <header className="border-b border-rule bg-paper">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:bg-ink focus:px-4 focus:py-2 focus:text-paper"
      >
        跳到主要內容
      </a>
      <SecondaryNavigation />
      {/* One line at any window from 320 px at the default text size; with far larger text on a
          narrow phone, the buttons wrap under the seal rather than leave the screen. */}
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-4 sm:gap-6 lg:flex-nowrap lg:pt-4 lg:pb-6">
        <Link to="/" className="flex items-center gap-1.5 text-ink xs:gap-2 sm:gap-3">
          <Logo className="h-10 w-10 lg:h-12 lg:w-12" />
          {/* Narrower than 320 px at the reader's text size (a large text setting on a phone), the
              seal alone shows the site, and the name is still read. */}
          <span className="font-serif text-xl font-bold tracking-[0.06em] whitespace-nowrap max-2xs:sr-only xs:text-2xl xs:tracking-[0.2em] lg:text-3xl">
            {name}
            <span className="sr-only"> 首頁</span>
          </span>
        </Link>
        <nav aria-label="主選單" className="hidden lg:block">
          <ul className="flex items-center gap-3 whitespace-nowrap xl:gap-4 2xl:gap-7">
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
                  <span
                    lang="en"
                    className="mt-0.5 text-[0.625rem] uppercase tracking-[0.14em] text-muted 2xl:tracking-[0.2em]"
                  >
                    {item.subtitle}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-3 lg:gap-0">
          <HeaderSearch />
          <MemberLink member={member} />
          <CartLink count={cartCount} />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The rest of SPEC §2's menu on a wide window, where the main row has no room left: the authors,
 * 購物須知 and 條款政策, a quiet line above it, as a shop keeps its notices. On a narrow one they
 * are in the menu.
 */
function SecondaryNavigation() {
  return (
    <nav aria-label="更多選單" className="hidden border-b border-rule/70 lg:block">
      <ul className="mx-auto flex max-w-[1240px] justify-end gap-7 px-8 text-[0.8125rem] whitespace-nowrap">
        {secondaryNavigation.map((item) => (
          <li key={item.to}>
            {/* The policies' list is current on its own page only, not on the notice under it. */}
            <NavLink
              to={item.to}
              end={item.to === "/policy"}
              prefetch="intent"
              className="flex min-h-8 items-center gap-2 tracking-[0.12em] text-ink-soft hover:text-primary aria-[current=page]:text-primary"
            >
              {item.label}
              <span lang="en" className="text-[0.625rem] uppercase tracking-[0.14em] text-muted">
                {item.subtitle}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The header's line icons: 24-unit strokes at the text's colour, hidden from screen readers. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {children}
    </svg>
  );
}

const searchGlyph = (
  <LineIcon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" />
  </LineIcon>
);

/**
 * Search on every page: a plain GET form to /search (it works before scripts load, and with them
 * it is a client-side navigation), inline where the header has room; elsewhere a link to the
 * search page, whose own form is large. On /search the box shows the query shown below it.
 */
function HeaderSearch() {
  const location = useLocation();
  const q = location.pathname === "/search" ? searchQueryOf(new URLSearchParams(location.search)) : "";
  return (
    <>
      <Form
        role="search"
        action="/search"
        aria-label="站內搜尋"
        className="hidden items-center border-b border-ink-soft focus-within:border-ink xl:ml-6 xl:flex"
      >
        <label htmlFor="site-search-q" className="sr-only">
          搜尋關鍵字
        </label>
        <input
          id="site-search-q"
          key={q}
          type="search"
          name="q"
          defaultValue={q}
          placeholder="搜尋"
          enterKeyHint="search"
          className="h-9 w-24 bg-transparent py-1 text-sm tracking-[0.08em] text-ink placeholder:text-muted"
        />
        <button
          type="submit"
          aria-label="搜尋"
          className="flex h-9 w-9 cursor-pointer items-center justify-center text-ink hover:text-primary"
        >
          {searchGlyph}
        </button>
      </Form>
      <Link
        to="/search"
        aria-label="搜尋"
        className="flex min-h-11 min-w-9 items-center justify-center px-1 text-ink hover:text-primary sm:min-w-10 lg:ml-5 xl:hidden"
      >
        {searchGlyph}
      </Link>
    </>
  );
}

/**
 * 登入 for visitors; the member area, by name, for members. Below sm the header also holds the cart
 * and the menu, and from lg to xl the whole navigation, so there the text (here and the cart's) is
 * read out but only the icon shows.
 */
function MemberLink({ member }: { member: { name: string } | null }) {
  return (
    <Link
      to={member ? "/member" : "/auth/login"}
      className="flex min-h-11 min-w-9 items-center justify-center gap-2 px-1 text-sm tracking-[0.08em] whitespace-nowrap text-ink hover:text-primary sm:min-w-10 lg:ml-5 xl:ml-6 2xl:ml-7"
    >
      <LineIcon>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </LineIcon>
      {member ? (
        // Its own box takes no room: where only the icon shows, the link is as wide as a visitor's.
        <span className="contents">
          <span className="sr-only">會員專區：</span>
          {/* Inline-block, or the width limit (and with it the ellipsis) would not hold. */}
          <span className="hidden max-w-[8em] truncate align-bottom sm:inline-block lg:hidden xl:inline-block xl:max-w-[5em]">
            {member.name}
          </span>
          <span className="sr-only sm:hidden lg:inline xl:hidden">會員</span>
        </span>
      ) : (
        <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">登入</span>
      )}
    </Link>
  );
}

/** The cart, with the number of pieces in it once known. */
function CartLink({ count }: { count: number | null }) {
  return (
    <Link
      to="/cart"
      className="flex min-h-11 min-w-9 items-center justify-center gap-3 px-1 text-sm tracking-[0.08em] whitespace-nowrap text-ink hover:text-primary sm:min-w-10 lg:ml-5 xl:ml-6"
    >
      <span className="relative">
        <LineIcon>
          <path d="M5 8h14l-1.2 12H6.2L5 8Z" />
          <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
        </LineIcon>
        {count !== null && count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-2 -right-2.5 min-w-4.5 rounded-full bg-primary px-1 text-center text-[0.6875rem] leading-4.5 tracking-normal text-paper tabular-nums"
          >
            {count}
          </span>
        )}
      </span>
      <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">購物車</span>
      {count !== null && count > 0 && <span className="sr-only">（{count} 件商品）</span>}
    </Link>
  );
}

/** The `lg` breakpoint (SPEC §9: 992 px at the default text size), from which the main navigation is in the header. */
const desktopQuery = "(min-width: 62em)";

/**
 * The menu below the lg breakpoint: a modal panel that traps focus, closes on Escape, on the close
 * button, whenever page loading starts or ends (SPEC §2) and at the desktop width, and gives focus
 * back to its button.
 * The panel (Base UI's dialog) is fetched when the button is first pointed at or pressed.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const navigationState = useNavigation().state;
  // Closing while rendering (not in an effect) so the panel never paints open on the new page.
  const [seenState, setSeenState] = useState(navigationState);
  // Closed by following one of its links, the menu leaves the focus to the new page (its heading),
  // not to the 選單 button; closed by the reader (×, Escape, a tap outside), it returns it there.
  const [closedByNavigation, setClosedByNavigation] = useState(false);
  if (seenState !== navigationState) {
    setSeenState(navigationState);
    if (open) setClosedByNavigation(true);
    setOpen(false);
  }
  // At the desktop width the panel is hidden and the main navigation shows: a menu left open (a
  // tablet turned, a window widened) closes, or its hidden backdrop would hold every tap.
  useEffect(() => {
    const desktop = window.matchMedia(desktopQuery);
    const close = () => {
      if (desktop.matches) setOpen(false);
    };
    desktop.addEventListener("change", close);
    return () => desktop.removeEventListener("change", close);
  }, []);
  const prefetch = () => setWanted(true);
  const show = () => {
    setWanted(true);
    setClosedByNavigation(false);
    setOpen(true);
  };
  // A link to the footer's menu until scripts run (and without them), then the dialog's button:
  // a tap before the page is ready still leads somewhere, and is announced for what it does.
  const hydrated = useHydrated();
  return (
    <>
      <a
        ref={trigger}
        href={`#${siteMenuId}`}
        role={hydrated ? "button" : undefined}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-expanded={hydrated ? open : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          event.preventDefault();
          show();
        }}
        // Space acts on release, as a button's does (opening on the press would let the release
        // fall on the dialog's close button, which takes the focus).
        onKeyDown={(event) => {
          if (event.key === " ") event.preventDefault();
        }}
        onKeyUp={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          show();
        }}
        className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 border border-rule px-2 py-2 text-sm text-ink xs:ml-2 sm:ml-0 sm:gap-2 sm:px-3 lg:hidden"
      >
        <span
          aria-hidden="true"
          className="block w-4 border-t-2 border-ink shadow-[0_5px_0_0_var(--color-ink),0_-5px_0_0_var(--color-ink)]"
        />
        {/* Below 375 px the word gives way to the icon, and still names the button. */}
        <span className="max-xs:sr-only">選單</span>
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            onOpenChange={setOpen}
            returnFocus={closedByNavigation ? null : trigger}
          />
        </Suspense>
      )}
    </>
  );
}
