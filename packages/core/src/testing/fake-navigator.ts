import type { NavigatorPort } from '../ports/navigator.port';

/** User agents of the systems the mobile-app redirect tells apart. */
export const USER_AGENTS = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsPhone: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
} as const;

/**
 * The browser: its address (`setUrl`), its user agent (`userAgentValue`), and where the
 * app sent it (`redirects` for full page loads, `navigations` inside the app).
 */
export class FakeNavigator implements NavigatorPort {
  userAgentValue: string = USER_AGENTS.desktop;
  readonly redirects: string[] = [];
  readonly navigations: Array<{ path: string; replace: boolean }> = [];
  #url = new URL('http://localhost:3000/');

  /** The visitor is at `url` (absolute, or a path on the site). */
  setUrl(url: string): this {
    this.#url = new URL(url, this.#url);
    return this;
  }

  /** The visitor's browser announces this user agent. */
  useUserAgent(userAgent: string): this {
    this.userAgentValue = userAgent;
    return this;
  }

  /** The last place the app sent the visitor, inside or outside. */
  get lastNavigation(): { path: string; replace: boolean } | undefined {
    return this.navigations.at(-1);
  }

  userAgent(): string {
    return this.userAgentValue;
  }

  currentUrl(): URL {
    return new URL(this.#url);
  }

  redirect(url: string): void {
    this.redirects.push(url);
  }

  navigate(path: string, options: { replace?: boolean } = {}): void {
    this.navigations.push({ path, replace: options.replace ?? false });
    this.#url = new URL(path, this.#url);
  }
}
