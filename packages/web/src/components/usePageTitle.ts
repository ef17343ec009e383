import { useEffect } from 'react';
import { useServerRender, type PageHead } from '../ssr/server-render-context';

export const SITE_NAME = 'Sortie';

/** Unread notifications, shown first in the window's title as « (3) … » (the bell sets it). */
let titleCount = 0;
const counted = (text: string) => (titleCount > 0 ? `(${titleCount}) ${text}` : text);
const uncounted = (text: string) => text.replace(/^\(\d+\) /, '');

export const documentTitle = (title: string | undefined) => counted(title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — que faire ce soir ?`);

/** The unread count in the window's title, now and for the pages that follow. */
export function setTitleCount(count: number): void {
  titleCount = count;
  if (typeof document !== 'undefined') document.title = counted(uncounted(document.title));
}

/**
 * The page's head: on the server, its title, description, image and structured data for the
 * first response (link previews, search engines); in the browser, the window's title
 * « Lieux · Sortie ». The last page drawn wins, as the innermost component does.
 */
export function usePageHead(head: PageHead, structuredData?: (origin: string) => object[]): void {
  const render = useServerRender();
  // Structured data is for the first response only: the browser never builds it.
  if (render) render.head = { ...render.head, ...head, ...(structuredData ? { jsonLd: structuredData(render.origin) } : {}) };
  const { title } = head;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** Sets the window's title for the page shown: « Lieux · Sortie ». */
export function usePageTitle(title: string | undefined): void {
  usePageHead(title === undefined ? {} : { title });
}
