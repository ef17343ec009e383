import type { ServiceIdentifier } from 'inversify';

export const NavigatorPort = Symbol.for('NavigatorPort') as ServiceIdentifier<NavigatorPort>;
/** The visitor's browser: who it is and where it is, and how to send it elsewhere. */
export interface NavigatorPort {
  userAgent(): string;
  /** The current address, path and query included. */
  currentUrl(): URL;
  /** Leaves the app for an external address (a full page load). */
  redirect(url: string): void;
  /** Moves inside the app; `replace` replaces the current history entry. */
  navigate(path: string, options?: { replace?: boolean }): void;
}
