import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SessionService } from '@sortie/core';
import { useUseCase } from '../../app/container-context';
import { usePageTitle } from '../../components/usePageTitle';
import { DASHBOARD_LINKS } from '../../layouts/dashboard-sections';

export default function DashboardHomePage() {
  usePageTitle('Tableau de bord');
  const session = useUseCase(SessionService);
  const { user } = useSnapshot(session.state);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        Tableau de bord
      </h1>
      <p className="mt-1 text-muted">Bonjour {user?.displayName ?? ''} ! Que voulez-vous gérer aujourd’hui ?</p>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {DASHBOARD_LINKS.resources.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="block rounded-xl bg-surface p-4 font-semibold ring-1 ring-line hover:ring-accent">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
