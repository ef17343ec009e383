import { useEffect } from 'react';

export const SITE_NAME = 'Sortie';

/** Sets the window's title for the page shown: « Lieux · Sortie ». */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — que faire ce soir ?`;
  }, [title]);
}
