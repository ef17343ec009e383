import { statusOf } from '@sortie/core';

/** The French sentence a visitor reads for a failed API call; the server's own message wins when it has one. */
export function apiErrorMessage(error: unknown): string {
  const status = statusOf(error);
  const given = error instanceof Error && error.message && !/^\[?(GET|POST|PUT|PATCH|DELETE)\b|fetch failed/i.test(error.message) ? error.message : '';
  if (status === 0) return 'Impossible de joindre Sortie. Vérifiez votre connexion puis réessayez.';
  if (status === 401) return given || 'Connectez-vous pour voir cette page.';
  if (status === 403) return given || 'Vous n’avez pas accès à ce contenu.';
  if (status === 404) return given || 'Ce contenu est introuvable.';
  if (status !== undefined && status >= 400 && status < 500) return given || 'La demande a été refusée.';
  return 'Une erreur est survenue de notre côté. Réessayez dans un instant.';
}
