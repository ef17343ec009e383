import { createContext, useContext, useState, type ReactNode } from 'react';
import { LoadingBarProvider } from '../components/LoadingBar';
import { LoadingBarStore } from '../state/loading-bar.store';
import { SignInDialogStore } from '../state/sign-in-dialog.store';

const SignInDialogContext = createContext<SignInDialogStore | null>(null);

export function useSignInDialog(): SignInDialogStore {
  const store = useContext(SignInDialogContext);
  if (!store) throw new Error('UiProvider is missing above this component.');
  return store;
}

/** The web app's own presentation stores, one set per mounted app. */
export function UiProvider({ children }: { children: ReactNode }) {
  const [loadingBar] = useState(() => new LoadingBarStore());
  const [signInDialog] = useState(() => new SignInDialogStore());
  return (
    <LoadingBarProvider value={loadingBar}>
      <SignInDialogContext.Provider value={signInDialog}>{children}</SignInDialogContext.Provider>
    </LoadingBarProvider>
  );
}
