import { useId } from 'react';
import { CopyButton } from './CopyButton';
import { PANEL_CLASS, type DashboardRecord } from './panel-styles';

const EMBEDS = {
  place: { attribute: 'data-place', path: '/embed/places/', what: 'ses prochains événements', height: 600 },
  tournament: { attribute: 'data-tournament', path: '/embed/tournaments/', what: 'le tableau du tournoi, en direct', height: 700 },
} as const;

/** What a venue pastes on its own website: one script line, or an iframe for sites that refuse scripts (issue 35). */
export function embedSnippets(kind: keyof typeof EMBEDS, ref: string, origin: string): { script: string; iframe: string } {
  const embed = EMBEDS[kind];
  return {
    script: `<script src="${origin}/embed.js" ${embed.attribute}="${ref}" async></script>`,
    iframe: `<iframe src="${origin}${embed.path}${ref}" title="Sortie" width="100%" height="${embed.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
  };
}

/**
 * « Intégrer sur votre site », on a place's and a tournament's dashboard page: the line to paste
 * (it grows to its content and follows a tournament live), or an iframe, each with a copy button.
 */
export function EmbedSnippetPanel({ kind, record }: { kind: keyof typeof EMBEDS; record: DashboardRecord }) {
  // The dashboard is drawn in the browser only: the site's own origin is the one venues load from.
  const origin = window.location.origin;
  const id = useId();
  // A place by its slug, which reads better in a venue's page than its id.
  const ref = kind === 'place' && typeof record['slug'] === 'string' && record['slug'] ? record['slug'] : record._id;
  const snippets = embedSnippets(kind, ref, origin);
  return (
    <section aria-labelledby={`${id}-title`} className={PANEL_CLASS}>
      <h2 id={`${id}-title`} className="font-semibold">
        Intégrer sur votre site
      </h2>
      <p className="text-sm text-muted">Collez cette ligne sur votre site (WordPress : un bloc « HTML personnalisé ») pour y montrer {EMBEDS[kind].what}, chaque élément menant à Sortie.</p>
      <label htmlFor={`${id}-script`} className="block text-sm font-medium">
        Code à coller
      </label>
      {/* data-code: code to paste, shown as it is (ids and attributes included): the dashboard's French check leaves it aside. */}
      <textarea id={`${id}-script`} data-code="" readOnly rows={2} value={snippets.script} className="w-full rounded-lg bg-surface p-2 font-mono text-xs ring-1 ring-line" />
      <CopyButton text={snippets.script} label="Copier le code" />
      <label htmlFor={`${id}-iframe`} className="block text-sm font-medium">
        Ou, si votre site refuse les scripts, une iframe
      </label>
      <textarea id={`${id}-iframe`} data-code="" readOnly rows={3} value={snippets.iframe} className="w-full rounded-lg bg-surface p-2 font-mono text-xs ring-1 ring-line" />
      <CopyButton text={snippets.iframe} label="Copier l’iframe" />
    </section>
  );
}
