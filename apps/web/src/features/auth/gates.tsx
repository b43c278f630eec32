import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@souq/shared';
import { ApiError } from '../../api/client';
import { GateErrorContext, type GateErrorHandler } from '../../components/gate-errors';
import { useT } from '../../i18n';
import { useSession } from './api';
import { VerifyEmailPrompt } from './VerifyEmailPrompt';

const PromptContext = createContext<() => void>(() => undefined);

/**
 * Hosts the one verification prompt that every gated action opens, and answers the server's gate
 * refusals for every form and button below it (GateErrorContext), so no page hands them a handler.
 */
export function GatesProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const answerGate = useAnswerGateError(show);
  return (
    <PromptContext.Provider value={show}>
      <GateErrorContext.Provider value={answerGate}>
        {children}
        {open && <VerifyEmailPrompt onClose={() => setOpen(false)} />}
      </GateErrorContext.Provider>
    </PromptContext.Provider>
  );
}

/**
 * A signed-out person's gated action: 'You must be logged in to perform this action.' (the exact
 * words, in the page's language), then /login. The words are shown on the login page rather than in a browser alert box,
 * and login brings the person back to where they were.
 */
function useSendToLogin(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { m } = useT();
  return useCallback(() => {
    navigate('/login', {
      state: { from: `${location.pathname}${location.search}`, notice: m(MSG.mustBeLoggedIn), tone: 'error' },
    });
  }, [navigate, location.pathname, location.search, m]);
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
 * exactly as the client-side gates do. A caller that offers sign-in in place (signInHere) keeps
 * its 401, to say what went wrong next to the form.
 */
function useAnswerGateError(showPrompt: () => void): GateErrorHandler {
  const sendToLogin = useSendToLogin();
  return useCallback(
    (error, { signInHere = false } = {}) => {
      if (!(error instanceof ApiError)) return false;
      if (error.code === 'EMAIL_NOT_VERIFIED') {
        showPrompt();
        return true;
      }
      if (error.code === 'UNAUTHENTICATED' && !signInHere) {
        sendToLogin();
        return true;
      }
      return false;
    },
    [sendToLogin, showPrompt],
  );
}
