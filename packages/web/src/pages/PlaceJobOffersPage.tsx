import { useState } from 'react';
import { Link } from 'wouter';
import { ClockPort, pathFor, placeQueries, recordQueries, type JobOffer, type Place } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { formatDate } from '../format';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, ListSkeleton, QueryView, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { ExternalLink, isWebAddress } from '../features/people/ExternalLink';
import { Pager } from '../features/people/Pager';
import type { PageProps } from './types';

export const JOB_OFFERS_PAGE_SIZE = 10;
const CONTRACT_LABELS: Record<JobOffer['contract'], string> = { CDI: 'CDI', CDD: 'CDD', extra: 'Extra', stage: 'Stage', alternance: 'Alternance', freelance: 'Freelance' };

/** /places/{id}/jobOffers: the job offers of one venue, newest first. */
export default function PlaceJobOffersPage({ params }: PageProps) {
  const id = params.id ?? '';
  const [offset, setOffset] = useState(0);
  const now = useUseCase(ClockPort).now().getTime();
  const place = useQuery(recordQueries.one<Place>('places', id));
  const offers = useQuery(place.data ? placeQueries.jobOffers(id, JOB_OFFERS_PAGE_SIZE, offset) : null);
  usePageTitle(place.data ? `Offres d’emploi · ${place.data.name}` : 'Offres d’emploi');

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="page-title">
      <QueryView query={place} skeleton={<Skeleton lines={2} label="Chargement du lieu…" />}>
        {(found) => (
          <>
            <p className="text-sm">
              <Link href={pathFor('place', { id: found._id })} className="text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                ← {found.name}
              </Link>
            </p>
            <h1 id="page-title" className="mt-2 text-3xl font-bold tracking-tight break-words">
              Offres d’emploi · {found.name}
            </h1>
            <div className="mt-6">
              <QueryView query={offers} skeleton={<ListSkeleton label="Chargement des offres…" />}>
                {(page) =>
                  page.items.length === 0 ? (
                    <EmptyState>Ce lieu ne recrute pas en ce moment. Revenez bientôt !</EmptyState>
                  ) : (
                    <>
                      <ul className="space-y-4">
                        {page.items.map((offer) => (
                          <JobOfferItem key={offer._id} offer={offer} now={now} />
                        ))}
                      </ul>
                      <Pager meta={page.meta} onOffset={setOffset} label="Pages des offres" />
                    </>
                  )
                }
              </QueryView>
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}

function JobOfferItem({ offer, now }: { offer: JobOffer; now: number }) {
  const expired = offer.expiresAt ? new Date(offer.expiresAt).getTime() <= now : false;
  return (
    <li className="rounded-2xl bg-surface p-4 ring-1 ring-line">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{offer.title}</h2>
        <span className="rounded-full bg-primary/20 px-2 py-0.5 text-xs font-semibold text-primary">{CONTRACT_LABELS[offer.contract] ?? offer.contract}</span>
        {expired && <span className="rounded-full bg-error/20 px-2 py-0.5 text-xs font-semibold text-error">Offre expirée</span>}
      </div>
      <p className="mt-1 text-sm text-muted">
        {offer.city} · publiée le {formatDate(offer.publishedAt)}
        {offer.startsAt ? ` · début le ${formatDate(offer.startsAt)}` : ''}
        {offer.salary ? ` · ${offer.salary}` : ''}
      </p>
      {offer.description && <p className="mt-2 text-sm whitespace-pre-line">{offer.description}</p>}
      {!expired && (
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {isWebAddress(offer.applyUrl) && <ExternalLink href={offer.applyUrl}>Postuler en ligne</ExternalLink>}
          {offer.applyEmail && (
            <a href={`mailto:${offer.applyEmail}?subject=${encodeURIComponent(`Candidature : ${offer.title}`)}`} className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              Postuler par e-mail
            </a>
          )}
        </p>
      )}
    </li>
  );
}
