import { SESSION_HINT_COOKIE, type CookiePort } from '@sortie/core';
import { DocumentCookieAdapter } from '@sortie/adapters/eager';

type Cookies = Pick<CookiePort, 'get'>;

/** The page's cookies through the browser's CookiePort adapter, before the container exists; none on the server. */
const pageCookies: Cookies = typeof document === 'undefined' ? { get: () => null } : new DocumentCookieAdapter();

/** Whether `cookies` (the page's, by default) include `name`. */
export const hasCookie = (name: string, cookies: Cookies = pageCookies) => cookies.get(name) !== null;

/** The server's hint that a session may exist (it sets it beside the httpOnly session cookie). */
export const mayBeSignedIn = (cookies: Cookies = pageCookies) => hasCookie(SESSION_HINT_COOKIE, cookies);
