import { useEffect, useState } from 'react';
import { OPERATION_ROUTES, operationPath } from '@sortie/core';
import { useDesignerEventLink } from '../../../data/dashboard';
import { apiErrorMessage } from '../../../data/api-error-message';
import { ReferencePicker } from '../ReferencePicker';
import { CopyButton } from '../CopyButton';
import { PANEL_BUTTON_CLASS } from '../panel-styles';
import { ToolHeading } from './ToolHeading';

type Kind = 'events' | 'places' | 'tournaments';

interface Visual {
  key: string;
  label: string;
  /** What it is for, in one line. */
  hint: string;
  type: 'png' | 'pdf';
  /** Its address on the server for the chosen record. */
  url: (id: string) => string;
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** What the designer makes, for each kind of record (the server's routes under /api/designer). */
const VISUALS: Record<Kind, Visual[]> = {
  events: [
    { key: 'square', label: 'Carré Instagram', hint: '1080 × 1080 px, pour une publication.', type: 'png', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerEventImage, { id }), { format: 'square' }) },
    { key: 'story', label: 'Story Instagram', hint: '1080 × 1920 px, pour une story.', type: 'png', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerEventImage, { id }), { format: 'story' }) },
    { key: 'a4', label: 'Affiche A4', hint: 'PDF à imprimer, 21 × 29,7 cm.', type: 'pdf', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerEventPoster, { id }), { size: 'A4' }) },
    { key: 'a3', label: 'Affiche A3', hint: 'PDF à imprimer, 29,7 × 42 cm.', type: 'pdf', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerEventPoster, { id }), { size: 'A3' }) },
    { key: 'preview', label: 'Aperçu de lien', hint: '1200 × 630 px : l’image montrée quand on partage la page de l’événement.', type: 'png', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerEventImage, { id }), { format: 'preview' }) },
  ],
  places: [
    { key: 'week-square', label: 'Semaine en carré', hint: 'Les 7 prochains jours du lieu, 1080 × 1080 px.', type: 'png', url: (id) => operationPath(OPERATION_ROUTES.designerPlaceWeekImage, { id }) },
    { key: 'week-a4', label: 'Semaine en affiche A4', hint: 'Les 7 prochains jours du lieu, PDF à imprimer.', type: 'pdf', url: (id) => operationPath(OPERATION_ROUTES.designerPlaceWeekPoster, { id }) },
  ],
  tournaments: [
    { key: 'a4', label: 'Affiche A4', hint: 'PDF à imprimer, 21 × 29,7 cm.', type: 'pdf', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerTournamentPoster, { id }), { size: 'A4' }) },
    { key: 'a3', label: 'Affiche A3', hint: 'PDF à imprimer, 29,7 × 42 cm.', type: 'pdf', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerTournamentPoster, { id }), { size: 'A3' }) },
    { key: 'square', label: 'Carré Instagram', hint: '1080 × 1080 px, pour une publication.', type: 'png', url: (id) => operationPath(OPERATION_ROUTES.designerTournamentImage, { id }) },
    { key: 'bracket-a3', label: 'Tableau A3', hint: 'Le tableau tel qu’il est (noms, scores, vainqueurs), PDF à imprimer en 42 × 29,7 cm.', type: 'pdf', url: (id) => withQuery(operationPath(OPERATION_ROUTES.designerTournamentBracket, { id }), { size: 'A3' }) },
  ],
};

const KINDS: Array<{ kind: Kind; label: string; picker: string }> = [
  { kind: 'events', label: 'Un événement', picker: 'Événement' },
  { kind: 'places', label: 'La semaine d’un lieu', picker: 'Lieu' },
  { kind: 'tournaments', label: 'Un tournoi', picker: 'Tournoi' },
];

const download = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

/** The event's short link, made by the server on first use: the one its QR codes hold. */
function EventShortLink({ id }: { id: string }) {
  const link = useDesignerEventLink(id);
  if (link.status === 'loading') return <p className="text-sm text-muted">Lien court…</p>;
  if (link.status === 'error') return <p className="text-sm text-error">Lien court indisponible : {apiErrorMessage(link.error)}</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">Lien court imprimé sous le QR code :</span>
      <a href={link.data.url} className="font-semibold text-accent underline">
        {link.data.url.replace(/^https?:\/\//, '')}
      </a>
      <CopyButton text={link.data.url} />
    </p>
  );
}

/** The visual as the server makes it: the image itself, or the PDF in a frame; a French message when it fails. */
function Preview({ visual, url }: { visual: Visual; url: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => setState('loading'), [url, attempt]);
  const src = attempt ? `${url}${url.includes('?') ? '&' : '?'}essai=${attempt}` : url;
  return (
    <div className="space-y-3">
      {state === 'loading' && (
        <p role="status" className="text-sm text-muted">
          Création du visuel…
        </p>
      )}
      {state === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-error/10 p-3 text-sm text-error ring-1 ring-error/40">
          Le visuel n’a pas pu être créé. Vérifiez que la fiche existe toujours, puis réessayez.
          <button type="button" className={PANEL_BUTTON_CLASS} onClick={() => setAttempt((a) => a + 1)}>
            Réessayer
          </button>
        </div>
      )}
      {visual.type === 'png' ? (
        <img
          key={src}
          src={src}
          alt={`Aperçu : ${visual.label}`}
          onLoad={() => setState('ready')}
          onError={() => setState('error')}
          className={`max-h-[70vh] w-auto max-w-full rounded-lg ring-1 ring-line ${state === 'ready' ? '' : 'hidden'}`}
        />
      ) : (
        <iframe key={src} src={src} title={`Aperçu : ${visual.label}`} onLoad={() => setState('ready')} className="h-[70vh] w-full max-w-2xl rounded-lg bg-white ring-1 ring-line" />
      )}
      {state !== 'error' && (
        <div className="flex flex-wrap gap-2">
          <a href={download(url)} download className={PANEL_BUTTON_CLASS}>
            Télécharger ({visual.type.toUpperCase()})
          </a>
          {visual.type === 'pdf' && (
            <a href={url} target="_blank" rel="noreferrer" className={PANEL_BUTTON_CLASS}>
              Ouvrir dans un nouvel onglet
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The designer: ready-to-print posters and ready-to-post visuals of an event, a place's week
 * or a tournament, made on the server in the venue's colours, each with the QR code of the
 * record's short link.
 */
export default function DesignerPage() {
  const [kind, setKind] = useState<Kind>('events');
  const [ids, setIds] = useState<Record<Kind, string>>({ events: '', places: '', tournaments: '' });
  const [format, setFormat] = useState<Record<Kind, string>>({ events: 'square', places: 'week-square', tournaments: 'a4' });
  const id = ids[kind];
  const visual = VISUALS[kind].find((v) => v.key === format[kind]) ?? VISUALS[kind][0]!;
  const current = KINDS.find((k) => k.kind === kind)!;

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <ToolHeading title="Designer">
        Affiches à imprimer et visuels à publier, créés par le serveur aux couleurs du lieu (le champ « Couleur » de sa fiche, sinon celui de son organisation), avec le QR code du lien court de la fiche : chaque scan est compté dans ses visites.
      </ToolHeading>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold">Que voulez-vous mettre en avant ?</legend>
        <div className="flex flex-wrap gap-2">
          {KINDS.map((k) => (
            <label key={k.kind} className={`cursor-pointer rounded-full px-4 py-2 text-sm ring-1 ${kind === k.kind ? 'bg-primary text-white ring-primary' : 'ring-line hover:bg-white/5'}`}>
              <input type="radio" name="designer-kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} className="sr-only" />
              {k.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="max-w-md space-y-1">
        <label htmlFor="designer-record" className="text-sm font-semibold">
          {current.picker}
        </label>
        <ReferencePicker key={kind} id="designer-record" resource={kind} value={id} label={current.picker} onChange={(next) => setIds((all) => ({ ...all, [kind]: next }))} />
        <p className="text-xs text-muted">Tapez une partie du nom pour chercher.</p>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Format</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {VISUALS[kind].map((v) => (
            <div key={v.key} className={`flex flex-col rounded-lg p-3 text-sm ring-1 ${visual.key === v.key ? 'bg-white/5 ring-primary' : 'ring-line hover:bg-white/5'}`}>
              <label className="flex cursor-pointer items-center gap-2 font-semibold">
                <input type="radio" name="designer-format" value={v.key} checked={visual.key === v.key} aria-describedby={`designer-format-${v.key}`} onChange={() => setFormat((all) => ({ ...all, [kind]: v.key }))} />
                {v.label}
              </label>
              <span id={`designer-format-${v.key}`} className="text-muted">
                {v.hint}
              </span>
            </div>
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="designer-preview" className="space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line">
        <h2 id="designer-preview" className="text-lg font-semibold">
          Aperçu
        </h2>
        {id ? (
          <>
            {kind === 'events' && <EventShortLink id={id} />}
            <Preview visual={visual} url={visual.url(id)} />
          </>
        ) : (
          <p className="text-sm text-muted">Choisissez {kind === 'places' ? 'un lieu' : kind === 'events' ? 'un événement' : 'un tournoi'} pour voir son visuel.</p>
        )}
      </section>
    </section>
  );
}
