const steps = ["購物車", "填寫資料", "完成訂購"] as const;

/**
 * Where the reader is in buying (cart, checkout, result). It is the cart pages' scroll anchor
 * (SPEC §2: after a navigation the page scrolls to it, 120 px above).
 */
export function CartSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="訂購步驟" data-scroll-anchor="cart" className="border-b border-rule py-5">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3 text-sm sm:gap-x-5">
        {steps.map((label, index) => {
          const step = index + 1;
          const state = step === current ? "current" : step < current ? "done" : "next";
          return (
            <li key={label} className="flex items-center gap-2 whitespace-nowrap sm:gap-5">
              {index > 0 && <span aria-hidden="true" className="h-px w-3 bg-rule xs:w-5 sm:w-12" />}
              <span
                aria-current={state === "current" ? "step" : undefined}
                className={[
                  "flex items-center gap-1.5 tracking-[0.04em] sm:gap-2 sm:tracking-[0.08em]",
                  state === "current" ? "text-ink" : "text-muted",
                ].join(" ")}
              >
                <span
                  aria-hidden="true"
                  className={[
                    "flex size-7 items-center justify-center rounded-full border font-serif text-xs tabular-nums",
                    state === "current" ? "border-primary bg-primary text-paper" : "border-rule",
                  ].join(" ")}
                >
                  {step}
                </span>
                <span>
                  <span className="sr-only">第 {step} 步：</span>
                  {label}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
