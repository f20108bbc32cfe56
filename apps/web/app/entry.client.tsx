import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// SPEC §8: a failure while the app starts is logged, never silent. Route errors still reach the
// route's ErrorBoundary (the error page); these hooks see what React could not hand to one.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onUncaughtError(error, info) {
        console.error("[app] uncaught error", error, info.componentStack);
      },
      onRecoverableError(error) {
        console.error("[app] recovered while mounting", error);
      },
    },
  );
});
