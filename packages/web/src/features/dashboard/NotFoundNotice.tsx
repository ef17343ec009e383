import { Link } from 'wouter';

export function NotFoundNotice() {
  return (
    <div role="alert" className="rounded-lg bg-surface p-6">
      <p>Cette page du tableau de bord n’existe pas.</p>
      <Link href="/dashboard" className="mt-2 inline-block text-accent hover:underline">
        Retour au tableau de bord
      </Link>
    </div>
  );
}
