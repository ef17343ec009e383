import type { NavigatorPort } from '@sortie/core';

/** The app's router (wouter's navigate, for instance), for moves inside the app. */
export type InAppRouter = (path: string, options?: { replace?: boolean }) => void;

/** NavigatorPort over the browser: user agent, location, and the app's router. */
export class BrowserNavigatorAdapter implements NavigatorPort {
  #router: InAppRouter | undefined;

  constructor(
    router?: InAppRouter,
    private readonly win: () => Window = () => globalThis.window,
  ) {
    this.#router = router;
  }

  /** The web app hands its router over once it is mounted. */
  setRouter(router: InAppRouter | undefined): void {
    this.#router = router;
  }

  userAgent(): string {
    return this.win().navigator.userAgent;
  }

  currentUrl(): URL {
    return new URL(this.win().location.href);
  }

  redirect(url: string): void {
    this.win().location.assign(url);
  }

  navigate(path: string, options: { replace?: boolean } = {}): void {
    if (this.#router) {
      this.#router(path, options);
      return;
    }
    // Without a router (before the app mounts) the history API moves the address; a
    // plain move then needs a page load to show the new page.
    const win = this.win();
    if (options.replace) win.history.replaceState(win.history.state, '', path);
    else win.location.assign(path);
  }
}
