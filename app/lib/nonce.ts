// The page's CSP nonce: made per request by the server (server/app.ts), handed to React Router
// through its context and to components through React's, so every inline script carries it.
import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

export const nonceContext = createContext<string>("");

/** Empty in the browser: the nonce is only needed while the server writes the page. */
export const NonceContext = createReactContext("");
export const useNonce = () => useContext(NonceContext);
