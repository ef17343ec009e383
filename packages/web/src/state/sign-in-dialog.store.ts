import { proxy } from 'valtio/vanilla';

export type SignInMode = 'signIn' | 'signUp';

export interface SignInDialogState {
  open: boolean;
  mode: SignInMode;
}

/**
 * Whether the sign-in dialog is open. It is presentation state only (the header, the
 * account page and the unauthorized page all open the same dialog), so it lives in web.
 */
export class SignInDialogStore {
  readonly state = proxy<SignInDialogState>({ open: false, mode: 'signIn' });

  open(mode: SignInMode = 'signIn'): void {
    this.state.mode = mode;
    this.state.open = true;
  }

  switchTo(mode: SignInMode): void {
    this.state.mode = mode;
  }

  close(): void {
    this.state.open = false;
  }
}
