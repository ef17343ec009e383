import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { RESOURCES, SessionService, type DashboardResource } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { usePageTitle } from '../../components/usePageTitle';
import { useDashboardStats, useDashboardUpcoming } from '../../data/dashboard';
import { EmptyState, QueryView, Skeleton } from '../../data/QueryView';
import { formatDateTime, formatNumber, formatShortDate } from '../../format';
import { DASHBOARD_LINKS } from '../../layouts/dashboard-sections';
import { detailHref } from '../../features/dashboard/resource-config';

interface Stats {
  counts: Record<DashboardResource, number>;
  recentSignUps: Array<{ _id: string; displayName: string | null; email: string | null; createdAt: string }>;
  recentActivity: Array<{ resource: DashboardResource; _id: string; label: string; updatedAt: string }>;
}

const card = 'rounded-xl bg-surface p-4 ring-1 ring-line';

export default function DashboardHomePage() {
  usePageTitle('Tableau de bord');
  const session = useUseCase(SessionService);
  const { user } = useSnapshot(session.state);
  const stats = useDashboardStats<Stats>();
  const upcoming = useDashboardUpcoming();

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold">
          Tableau de bord
        </h1>
        <p className="mt-1 text-muted">Bonjour {user?.displayName ?? ''} ! Que voulez-vous gérer aujourd’hui ?</p>
      </div>

      <section aria-labelledby="counts-title">
        <h2 id="counts-title" className="mb-3 text-lg font-semibold">
          En chiffres
        </h2>
        <QueryView query={stats} skeleton={<Skeleton lines={4} />}>
          {(data) => (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {DASHBOARD_LINKS.resources.map((link) => {
                const resource = link.href.split('/')[2] as DashboardResource;
                return (
                  <li key={link.href}>
                    <Link href={link.href} className={`block ${card} hover:ring-accent focus-visible:outline-2`}>
                      <span className="block text-2xl font-bold">{formatNumber(data.counts[resource] ?? 0)}</span>
                      <span className="text-sm text-muted">{link.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="upcoming-title" className={card}>
          <h2 id="upcoming-title" className="mb-3 font-semibold">
            Prochains événements
          </h2>
          <QueryView query={upcoming}>
            {(page) =>
              page.items.length === 0 ? (
                <EmptyState>Aucun événement à venir.</EmptyState>
              ) : (
                <ul className="space-y-2 text-sm">
                  {page.items.map((event) => (
                    <li key={event._id}>
                      <Link href={detailHref('events', event._id)} className="font-medium hover:underline">
                        {event.title}
                      </Link>
                      <span className="block text-muted">
                        {formatDateTime(event.startsAt)} · {event.city}
                      </span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </section>
        <section aria-labelledby="signups-title" className={card}>
          <h2 id="signups-title" className="mb-3 font-semibold">
            Inscriptions récentes
          </h2>
          <QueryView query={stats}>
            {(data) =>
              data.recentSignUps.length === 0 ? (
                <EmptyState>Aucune inscription récente.</EmptyState>
              ) : (
                <ul className="space-y-2 text-sm">
                  {data.recentSignUps.map((signUp) => (
                    <li key={signUp._id}>
                      <Link href={detailHref('users', signUp._id)} className="font-medium hover:underline">
                        {signUp.displayName ?? signUp.email}
                      </Link>
                      <span className="block text-muted">inscrit le {formatShortDate(signUp.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </section>
        <section aria-labelledby="activity-title" className={card}>
          <h2 id="activity-title" className="mb-3 font-semibold">
            Activité récente
          </h2>
          <QueryView query={stats}>
            {(data) =>
              data.recentActivity.length === 0 ? (
                <EmptyState>Rien de nouveau.</EmptyState>
              ) : (
                <ul className="space-y-2 text-sm">
                  {data.recentActivity.map((entry) => (
                    <li key={`${entry.resource}:${entry._id}`}>
                      <Link href={detailHref(entry.resource, entry._id)} className="font-medium hover:underline">
                        {entry.label}
                      </Link>
                      <span className="block text-muted">
                        {RESOURCES[entry.resource]?.label.one ?? entry.resource} · modifié {formatDateTime(entry.updatedAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </section>
      </div>
    </section>
  );
}
