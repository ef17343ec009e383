import { mdiHelpCircleOutline } from '@mdi/js';
import { iconName, isKnownIcon } from '@sortie/core';
import { Icon } from './Icon';
import { ICON_PATHS } from './icon-paths';

/**
 * An icon of core's catalogue drawn, named by its French name for screen readers (and a tooltip);
 * an identifier outside the catalogue shows a question mark that says so, never the bare identifier.
 * The catalogue's drawings come with it (about 19 KB gzip): for the dashboard, not the public pages' first chunks.
 */
export function CatalogueIcon({ id, size = 22, className, decorative = false }: { id: string; size?: number; className?: string; decorative?: boolean }) {
  const path = isKnownIcon(id) ? ICON_PATHS[id] : mdiHelpCircleOutline;
  const icon = <Icon path={path} size={size} className={className} label={decorative ? undefined : iconName(id)} />;
  return decorative ? icon : <span title={iconName(id)} className="inline-flex">{icon}</span>;
}
