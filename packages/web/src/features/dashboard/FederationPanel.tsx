import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { FEDERATION_INTERACTION_LABELS, FederationFollowInputSchema, type FederationOverview, type FederationOwner } from '@sortie/core';
import { usePanelWrites } from '../../data/dashboard-panels';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatDateTime } from '../../format';
import { COMPACT_FIELD_CLASS } from '../../components/ui';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';

const RECEIVED_LABELS: Record<string, string> = { Create: 'a publié', Update: 'a modifié', Delete: 'a supprimé' };

/**
 * On a place's or an organisation's dashboard page (issue 35): its fediverse account
 * (@handle@host, followed from Mastodon, Mobilizon, Gancio), the « Fédération » switch, its
 * followers on other servers, the likes, shares and participations its events received there,
 * and the accounts it follows with what they published.
 */
export function FederationPanel({ kind, record }: { kind: FederationOwner; record: DashboardRecord }) {
  const panels = usePanelWrites();
  const ids = useId();
  const [overview, setOverview] = useState<FederationOverview | null>(null);
  const [unloaded, setUnloaded] = useState<string | null>(null);
  const [handle, setHandle] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setOverview(await panels.federationOf(kind, record._id));
      setUnloaded(null);
    } catch (error) {
      setUnloaded(`La fédération n’a pas pu être lue : ${apiErrorMessage(error)}`);
    }
  }, [panels, kind, record._id]);
  useEffect(() => void load(), [load]);

  async function toggle(enabled: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      setOverview(await panels.setFederation(kind, record._id, enabled));
      setMessage({ ok: true, text: enabled ? 'Fédération activée.' : 'Fédération coupée : plus rien n’est envoyé et le compte ne répond plus.' });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function follow(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = FederationFollowInputSchema.safeParse({ handle });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? 'Identifiant invalide.' });
      return;
    }
    setBusy(true);
    try {
      setOverview(await panels.followRemoteActor(kind, record._id, parsed.data.handle));
      setHandle('');
      setMessage({ ok: true, text: `Demande d’abonnement envoyée à ${parsed.data.handle}.` });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={PANEL_CLASS} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Fédération
      </h2>
      {unloaded && <p className="text-sm text-muted">{unloaded}</p>}
      {overview && (
        <>
          <p className="text-sm text-muted">
            Sur Mastodon, Mobilizon ou Gancio, on suit {kind === 'places' ? 'ce lieu' : 'cette organisation'} sous <span className="font-mono">{overview.handle}</span> ; chaque événement publié, modifié ou annulé y est
            envoyé.
          </p>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={overview.enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} /> Fédération
          </label>
          <div>
            <h3 className="text-sm font-semibold">Abonnés sur d’autres serveurs</h3>
            {overview.followers.length === 0 ? (
              <p className="text-sm text-muted">Aucun abonné sur le fédivers pour l’instant.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {overview.followers.map((item) => (
                  <li key={item.actor}>
                    <a className="font-medium underline-offset-2 hover:underline" href={item.actor} rel="noopener noreferrer nofollow">
                      {item.handle ?? item.actor}
                    </a>
                    {item.name ? ` (${item.name})` : ''} — depuis le {formatDateTime(item.since)}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold">Réactions aux événements</h3>
            {overview.interactions.length === 0 ? (
              <p className="text-sm text-muted">Aucun « j’aime », partage ni participation venus d’ailleurs.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {overview.interactions.map((item) => (
                  <li key={`${item.kind}:${item.actor}:${item.at}`}>
                    <span className="font-medium">{item.handle ?? item.actor}</span> {FEDERATION_INTERACTION_LABELS[item.kind]} « {item.eventTitle ?? 'un événement supprimé'} » — le {formatDateTime(item.at)}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <form className="space-y-2" onSubmit={(event) => void follow(event)} noValidate>
            <label className="block text-sm font-medium">
              Suivre un compte d’un autre serveur
              <input className={`${COMPACT_FIELD_CLASS} mt-1`} value={handle} placeholder="@lieu@mobilizon.exemple" onChange={(e) => setHandle(e.target.value)} />
            </label>
            <button type="submit" className={PANEL_BUTTON_CLASS} disabled={busy || !overview.enabled}>
              Suivre
            </button>
          </form>
          <div>
            <h3 className="text-sm font-semibold">Comptes suivis</h3>
            {overview.following.length === 0 ? (
              <p className="text-sm text-muted">Aucun compte suivi.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {overview.following.map((item) => (
                  <li key={item.actor}>
                    <span className="font-medium">{item.handle ?? item.actor}</span> — {item.state === 'accepted' ? 'abonnement accepté' : 'en attente d’acceptation'}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold">Reçu des comptes suivis</h3>
            {overview.received.length === 0 ? (
              <p className="text-sm text-muted">Rien reçu pour l’instant.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {overview.received.map((item, index) => (
                  <li key={`${item.activityId ?? index}:${item.at}`}>
                    {RECEIVED_LABELS[item.type] ?? item.type} {item.name ? `« ${item.name} »` : (item.objectId ?? '')}
                    {item.startTime ? ` (${formatDateTime(item.startTime)})` : ''}
                    {item.status === 'https://schema.org/EventCancelled' ? ' — annulé' : ''} — le {formatDateTime(item.at)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-success' : 'text-error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
