import { SESSION_HINT_COOKIE } from '@sortie/core';

const pageCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

/** Whether `cookies` (the page's, by default; none on the server) include `name`. Read directly: the container's CookiePort may not be loaded yet. */
export const hasCookie = (name: string, cookies = pageCookies()) => cookies.split(/;\s*/).some((pair) => pair.startsWith(`${name}=`));

/** The server's hint that a session may exist (it sets it beside the httpOnly session cookie). */
export const mayBeSignedIn = (cookies = pageCookies()) => hasCookie(SESSION_HINT_COOKIE, cookies);
