import { useState, type FormEvent } from 'react';
import { mdiBriefcaseOutline, mdiMapMarker } from '@mdi/js';
import { CONTRACTS, type JobOffer } from '@sortie/core';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useOpenJobOffers } from '../data/jobs';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { CONTRACT_LABELS, applyLink } from '../features/jobs/job-labels';
import { useSearchParams } from '../components/useSearchParam';
import { BUTTON_CLASS, FIELD_CLASS, PageFrame, SECONDARY_BUTTON_CLASS } from '../components/ui';
import { formatDate } from '../format';

const PAGE_SIZE = 10;

/** /jobOffers: the open job offers, filtered by contract and city (kept in the address), ten per page. */
export default function JobOffersPage() {
  const [params, update] = useSearchParams();
  const contract = CONTRACTS.find((c) => c === params.get('contrat')) ?? '';
  const city = params.get('ville');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (n: number) => update({ page: n > 1 ? String(n) : null });
  const [cityDraft, setCityDraft] = useState(city ?? '');

  const query = useOpenJobOffers(contract, city, page, PAGE_SIZE);

  const applyCity = (event: FormEvent) => {
    event.preventDefault();
    update({ ville: cityDraft.trim() || null, page: null });
  };

  return (
    <PageFrame title="Offres d’emploi" lead={<p>Bars, salles de concert, festivals : les lieux de sortie recrutent.</p>} wide>
      <form onSubmit={applyCity} role="search" aria-label="Filtrer les offres" className="mt-6 grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="filtre-contrat" className="text-sm font-medium">
            Type de contrat
          </label>
          <select id="filtre-contrat" value={contract} onChange={(e) => update({ contrat: e.target.value || null, page: null })} className={FIELD_CLASS}>
            <option value="">Tous les contrats</option>
            {CONTRACTS.map((c) => (
              <option key={c} value={c}>
                {CONTRACT_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtre-ville" className="text-sm font-medium">
            Ville
          </label>
          <input id="filtre-ville" value={cityDraft} onChange={(e) => setCityDraft(e.target.value)} placeholder="Toutes les villes" autoComplete="address-level2" className={FIELD_CLASS} />
        </div>
        <button type="submit" className={BUTTON_CLASS}>
          Filtrer
        </button>
      </form>

      <QueryView query={query} skeleton={<Skeleton lines={6} label="Chargement des offres…" />}>
        {({ items, meta }) => {
          const pages = Math.max(1, Math.ceil(meta.total / PAGE_SIZE));
          if (items.length === 0)
            return (
              <div className="mt-6">
                <EmptyState>{contract || city ? 'Aucune offre ne correspond à ces filtres pour le moment.' : 'Aucune offre d’emploi ouverte pour le moment. Revenez bientôt !'}</EmptyState>
              </div>
            );
          return (
            <>
              <p role="status" className="mt-6 text-sm text-muted">
                {meta.total === 1 ? '1 offre' : `${meta.total} offres`}
              </p>
              <ul className="mt-3 space-y-3">
                {items.map((offer) => (
                  <li key={offer._id}>
                    <JobOfferPanel offer={offer} />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label="Pagination des offres" className="mt-6 flex items-center justify-between gap-3">
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Page précédente
                  </button>
                  <span className="text-sm text-muted">
                    Page {page} sur {pages}
                  </span>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Page suivante
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </QueryView>
    </PageFrame>
  );
}

/** An offer: its summary, opened on demand for the details and how to apply. */
function JobOfferPanel({ offer }: { offer: JobOffer }) {
  const [open, setOpen] = useState(false);
  const apply = applyLink(offer);
  const panelId = `offre-${offer._id}`;
  return (
    <article aria-labelledby={`${panelId}-titre`} className={`rounded-2xl bg-surface ring-1 ${open ? 'ring-accent/50' : 'ring-line'}`}>
      <div className="p-4">
        <h2 id={`${panelId}-titre`} className="text-lg font-semibold">
          {offer.title}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Icon path={mdiBriefcaseOutline} size={16} />
            {CONTRACT_LABELS[offer.contract]}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon path={mdiMapMarker} size={16} />
            {offer.city}
          </span>
          <span>Publiée le {formatDate(offer.publishedAt)}</span>
        </p>
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} className="mt-2 rounded text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
          {open ? 'Masquer le détail' : 'Voir le détail'}
          <span className="sr-only"> de l’offre « {offer.title} »</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-line p-4">
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          {offer.salary && (
            <div>
              <dt className="text-muted">Rémunération</dt>
              <dd>{offer.salary}</dd>
            </div>
          )}
          {offer.startsAt && (
            <div>
              <dt className="text-muted">Prise de poste</dt>
              <dd>{formatDate(offer.startsAt)}</dd>
            </div>
          )}
          {offer.expiresAt && (
            <div>
              <dt className="text-muted">Candidatures jusqu’au</dt>
              <dd>{formatDate(offer.expiresAt)}</dd>
            </div>
          )}
        </dl>
        {offer.description && <Markdown source={offer.description} className="mt-3" />}
        {apply ? (
          <a href={apply.href} {...(apply.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} className={`${BUTTON_CLASS} mt-4 break-all`}>
            {apply.label}
          </a>
        ) : (
          <p className="mt-4 text-sm text-muted">Contactez directement l’établissement pour postuler.</p>
        )}
      </div>
    </article>
  );
}
