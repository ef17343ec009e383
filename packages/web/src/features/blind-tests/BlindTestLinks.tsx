import { pathFor } from '@sortie/core';

/** A blind test's live pages, from its dashboard record: the host's desk, the venue's screen, the players' page. */
export default function BlindTestLinks({ id }: { id: string }) {
  const page = pathFor('blindTest', { id });
  const link = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 focus-visible:outline-2';
  return (
    <section aria-label="Partie en direct" className="space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line">
      <h2 className="font-semibold">Partie en direct</h2>
      <p className="text-sm text-muted">Ouvrez l’écran sur la télévision du lieu, puis animez depuis votre téléphone ou votre ordinateur.</p>
      <p className="flex flex-wrap gap-2">
        <a className={link} href={`${page}?animateur`} target="_blank" rel="noopener">
          Animer la partie
        </a>
        <a className={link} href={`${page}?ecran`} target="_blank" rel="noopener">
          Écran du lieu
        </a>
        <a className={link} href={page} target="_blank" rel="noopener">
          Page des joueurs
        </a>
      </p>
    </section>
  );
}
