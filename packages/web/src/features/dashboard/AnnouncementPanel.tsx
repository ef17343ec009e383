import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  AnnouncementInputSchema,
  ANNOUNCEMENTS_PER_AUTHOR_PER_DAY,
  ANNOUNCEMENTS_PER_TARGET_PER_DAY,
  isoToParisLocal,
  parisLocalToIso,
  type Announcement,
  type AnnouncementTarget,
} from '@sortie/core';
import { usePanelWrites } from '../../data/dashboard-panels';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';
import { COMPACT_FIELD_CLASS } from '../../components/ui';


/** Whom the announcement reaches, in the words of its target. */
const AUDIENCE: Record<AnnouncementTarget['kind'], { title: string; who: (n: number) => string }> = {
  place: { title: 'Annonce aux abonnés du lieu', who: (n) => (n === 0 ? 'Personne ne suit encore ce lieu.' : `${n} abonné${n > 1 ? 's' : ''} la recevr${n > 1 ? 'ont' : 'a'}.`) },
  organization: { title: 'Annonce aux abonnés de l’organisation', who: (n) => (n === 0 ? 'Personne ne suit encore cette organisation.' : `${n} abonné${n > 1 ? 's' : ''} la recevr${n > 1 ? 'ont' : 'a'}.`) },
  event: {
    title: 'Annonce aux participants',
    who: (n) => (n === 0 ? 'Personne n’a encore aimé cet événement ni participé à ses jeux.' : `${n} participant${n > 1 ? 's' : ''} (favoris, formulaires, tombolas, tournois) la recevr${n > 1 ? 'ont' : 'a'}.`),
  },
};

/**
 * On a place's, an organisation's or an event's dashboard page: write to its followers (or the
 * event's participants), see how many will receive it before sending, send now or at a time,
 * and what was sent before. The server keeps to ANNOUNCEMENTS_PER_TARGET_PER_DAY a day.
 */
export function AnnouncementPanel({ kind, record }: { kind: AnnouncementTarget['kind']; record: DashboardRecord }) {
  const panels = usePanelWrites();
  const target = { kind, id: record._id };
  const ids = useId();
  const [recipients, setRecipients] = useState<number | null>(null);
  const [history, setHistory] = useState<Announcement[] | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Reading the counts failed: said quietly beside them, not as an alert (nothing was lost).
  const [unloaded, setUnloaded] = useState<string | null>(null);

  const load = useCallback(async () => {
    const query = { kind, id: record._id };
    try {
      const [count, list] = await panels.announcementsOf(query);
      setRecipients(count.recipients);
      setHistory(list.items);
      setUnloaded(null);
    } catch (error) {
      setUnloaded(`Les destinataires n’ont pas pu être comptés : ${apiErrorMessage(error)}`);
    }
  }, [panels, kind, record._id]);
  useEffect(() => void load(), [load]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = AnnouncementInputSchema.safeParse({ target, title, body, ...(link.trim() ? { link: link.trim() } : {}), ...(later && sendAt ? { sendAt: parisLocalToIso(sendAt) } : {}) });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? 'Annonce invalide.' });
      return;
    }
    if (later && !sendAt) {
      setMessage({ ok: false, text: 'Choisissez la date et l’heure d’envoi.' });
      return;
    }
    setBusy(true);
    try {
      const sent = await panels.announce(parsed.data);
      setMessage({
        ok: true,
        text: sent.status === 'sent' ? `Annonce envoyée à ${sent.recipients} personne${sent.recipients > 1 ? 's' : ''}.` : `Annonce programmée le ${formatDateTime(sent.sendAt)}.`,
      });
      setTitle('');
      setBody('');
      setLink('');
      setSendAt('');
      setLater(false);
      await load();
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const audience = AUDIENCE[kind];
  return (
    <section className={PANEL_CLASS} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {audience.title}
      </h2>
      <p className="text-sm text-muted" aria-live="polite">
        {unloaded ?? (recipients === null ? 'Calcul des destinataires…' : audience.who(recipients))} Au plus {ANNOUNCEMENTS_PER_TARGET_PER_DAY} annonces par 24 heures (et {ANNOUNCEMENTS_PER_AUTHOR_PER_DAY} par membre de l’équipe, tous destinataires confondus).
      </p>
      <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <label className="block text-sm font-medium">
          Objet de l’annonce
          <input className={`${COMPACT_FIELD_CLASS} mt-1`} value={title} maxLength={120} required onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="block text-sm font-medium">
          Message de l’annonce
          <textarea className={`${COMPACT_FIELD_CLASS} mt-1`} rows={3} value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
        </label>
        <label className="block text-sm font-medium">
          Lien de l’annonce (facultatif)
          <input className={`${COMPACT_FIELD_CLASS} mt-1`} value={link} placeholder="/events/… ou https://…" onChange={(e) => setLink(e.target.value)} />
          <span className="mt-1 block text-xs text-muted">Sans lien, la notification mène à cette page publique.</span>
        </label>
        <fieldset className="space-y-1 text-sm">
          <legend className="font-medium">Envoi</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={!later} onChange={() => setLater(false)} /> Maintenant
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={later} onChange={() => setLater(true)} /> Plus tard
          </label>
          {later && (
            <label className="block">
              <span className="sr-only">Date et heure d’envoi</span>
              <input type="datetime-local" className={`${COMPACT_FIELD_CLASS} mt-1`} value={sendAt} min={isoToParisLocal(new Date().toISOString())} onChange={(e) => setSendAt(e.target.value)} />
            </label>
          )}
        </fieldset>
        <button type="submit" className={PANEL_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Envoi…' : later ? 'Programmer l’annonce' : 'Envoyer l’annonce'}
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-success' : 'text-error'}`}>
          {message.text}
        </p>
      )}
      {history && history.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Annonces précédentes</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {history.map((item) => (
              <li key={item._id}>
                <span className="font-medium">{item.title}</span> —{' '}
                {item.status === 'sent' ? `envoyée le ${formatDateTime(item.sentAt ?? item.sendAt)} à ${item.recipients} personne${item.recipients > 1 ? 's' : ''}` : `programmée le ${formatDateTime(item.sendAt)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
