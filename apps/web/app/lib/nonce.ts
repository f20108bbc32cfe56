import { createContext, useContext } from "react";

/**
 * The nonce of the scripts of the page being rendered on the server (decision 023), for the
 * site's own inline scripts; React Router's and React's get it from the render's options. In the
 * browser there is none: a script React inserts there never runs anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
