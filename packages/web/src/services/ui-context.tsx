import { createContext, useContext, useState, type ReactNode } from 'react';
import { LoadingBarProvider } from '../components/LoadingBar';
import { LoadingBarStore } from '../state/loading-bar.store';
import { SignInDialogStore } from '../state/sign-in-dialog.store';
import { PushPromptStore } from '../state/push-prompt.store';

const SignInDialogContext = createContext<SignInDialogStore | null>(null);

export function useSignInDialog(): SignInDialogStore {
  const store = useContext(SignInDialogContext);
  if (!store) throw new Error('UiProvider is missing above this component.');
  return store;
}

const PushPromptContext = createContext<PushPromptStore | null>(null);

/** « Recevoir un rappel le jour J ? »: offered after a like, a follow or a raffle entry (state/push-prompt.store.ts). */
export function usePushPrompt(): PushPromptStore {
  // A component rendered alone (a test) offers nothing: the offer is a nicety, never a failure.
  return useContext(PushPromptContext) ?? NO_PROMPT;
}
const NO_PROMPT = new PushPromptStore(() => 'unsupported');

/** The web app's own presentation stores, one set per mounted app. */
export function UiProvider({ children }: { children: ReactNode }) {
  const [loadingBar] = useState(() => new LoadingBarStore());
  const [signInDialog] = useState(() => new SignInDialogStore());
  const [pushPrompt] = useState(() => new PushPromptStore());
  return (
    <LoadingBarProvider value={loadingBar}>
      <SignInDialogContext.Provider value={signInDialog}>
        <PushPromptContext.Provider value={pushPrompt}>{children}</PushPromptContext.Provider>
      </SignInDialogContext.Provider>
    </LoadingBarProvider>
  );
}
