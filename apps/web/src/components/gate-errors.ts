import { createContext, useContext } from 'react';

/**
 * Answers the server's gate refusals: 401 UNAUTHENTICATED goes to the login page, 403
 * EMAIL_NOT_VERIFIED opens the verification prompt, exactly as the gates in the browser do.
 * Returns true when `error` was one of those and has been answered, so the caller says nothing
 * more. `signInHere`: the caller offers sign-in (or says it) in place, so a 401 stays with it.
 */
export type GateErrorHandler = (error: unknown, options?: { signInHere?: boolean }) => boolean;

/**
 * Provided once, by the auth feature (features/auth/gates.tsx), around every page. It lives here,
 * with the components, so a form or button in any feature can answer a refusal without importing
 * the auth feature or being handed a callback by its page. Without a provider (a component
 * rendered alone in a unit test) nothing counts as a gate refusal and the server's words show.
 */
export const GateErrorContext = createContext<GateErrorHandler>(() => false);

export function useGateErrorHandler(): GateErrorHandler {
  return useContext(GateErrorContext);
}
