import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@souq/shared';
import { ApiError } from '../../api/client';
import { useSession } from './session';
import { VerifyEmailPrompt } from './VerifyEmailPrompt';

const PromptContext = createContext<() => void>(() => undefined);

/** Hosts the one verification prompt that every gated action opens. */
export function VerificationPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <PromptContext.Provider value={show}>
      {children}
      {open && <VerifyEmailPrompt onClose={() => setOpen(false)} />}
    </PromptContext.Provider>
  );
}

/**
 * A signed-out person's gated action: 'You must be logged in to perform this action.' (the exact
 * words), then /login. The words are shown on the login page rather than in a browser alert box,
 * and login brings the person back to where they were.
 */
function useSendToLogin(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    navigate('/login', { state: { from: `${location.pathname}${location.search}`, notice: MSG.mustBeLoggedIn, tone: 'error' } });
  }, [navigate, location.pathname, location.search]);
}

/** Returns whether to go on: false (and off to /login) when nobody is signed in. */
export function useRequireLogin(): () => boolean {
  const { user } = useSession();
  const sendToLogin = useSendToLogin();
  return useCallback(() => {
    if (user) return true;
    sendToLogin();
    return false;
  }, [user, sendToLogin]);
}

/** The verified-email gate: logged in first, then verified, else the resend prompt. */
export function useRequireVerified(): () => boolean {
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const showPrompt = useContext(PromptContext);
  return useCallback(() => {
    if (!requireLogin()) return false;
    if (user?.emailVerified) return true;
    showPrompt();
    return false;
  }, [requireLogin, user, showPrompt]);
}

/**
 * The server has the last word: when it answers 401 or EMAIL_NOT_VERIFIED the browser reacts
 * exactly as the client-side gates do. Returns true when the error was one of those.
 */
export function useGateErrorHandler(): (error: unknown) => boolean {
  const sendToLogin = useSendToLogin();
  const showPrompt = useContext(PromptContext);
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return false;
      if (error.code === 'UNAUTHENTICATED') {
        sendToLogin();
        return true;
      }
      if (error.code === 'EMAIL_NOT_VERIFIED') {
        showPrompt();
        return true;
      }
      return false;
    },
    [sendToLogin, showPrompt],
  );
}

/**
 * Only the verified-email answer opens the prompt; anything else, a 401 included, is left to the
 * caller to show in place (forms that say what went wrong next to it).
 */
export function useVerifyPromptOnError(): (error: unknown) => boolean {
  const showPrompt = useContext(PromptContext);
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.code !== 'EMAIL_NOT_VERIFIED') return false;
      showPrompt();
      return true;
    },
    [showPrompt],
  );
}
