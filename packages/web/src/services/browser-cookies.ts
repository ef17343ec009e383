import { SESSION_HINT_COOKIE } from '@sortie/core';

/** Whether the page's cookies include `name` (false on the server). Read directly: the container's CookiePort may not be loaded yet. */
export const hasCookie = (name: string) => typeof document !== 'undefined' && document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${name}=`));

/** The server's hint that a session may exist (it sets it beside the httpOnly session cookie). */
export const mayBeSignedIn = () => hasCookie(SESSION_HINT_COOKIE);
