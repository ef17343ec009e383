import { createContext, useContext, type ReactNode } from 'react';

/** What a page says of itself to link previews and search engines (SPEC: the head of a server-rendered page). */
export interface PageHead {
  /** The page's own title, without the site's name. */
  title?: string;
  description?: string;
  /** An absolute or root-relative image address for Open Graph and Twitter cards. */
  image?: string;
  imageAlt?: string;
  /** Open Graph's type: website, article, event… */
  type?: string;
  /** schema.org objects, each written as a JSON-LD script. */
  jsonLd?: object[];
  /** Pages that should not be indexed (a visitor's own pages, errors). */
  noindex?: boolean;
  /** `<link rel="alternate">` of the page (its ActivityPub actor…), root-relative or absolute. */
  alternates?: Array<{ type: string; href: string; title?: string }>;
}

/**
 * What the server's render collects while it draws a page: its HTTP status (404 for an
 * unknown address or a missing record) and its head. Absent in the browser, where these
 * hooks do nothing.
 */
export interface ServerRender {
  status: number;
  head: PageHead;
  /** The site's public origin, for the absolute addresses of structured data. */
  origin: string;
}

const Context = createContext<ServerRender | null>(null);

export function ServerRenderProvider({ value, children }: { value: ServerRender; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The server's collector, or null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(Context);
}

/** A page that shows an error answers with its status: the first error page drawn decides. */
export function useServerStatus(status: number | undefined): void {
  const render = useServerRender();
  if (render && status !== undefined && status >= 400 && render.status < 400) render.status = status;
}
