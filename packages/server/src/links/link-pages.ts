import { formatDateTime, HOME_PATH } from '@sortie/core';

/*
 * The pages /r/{code} answers when it does not redirect (issue 36): a link that asks for its
 * password, and one that is over (expired or its visits all used), in French, small and with
 * no script, so that they open at once on a phone that scanned a poster.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Sortie</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f5f2;color:#1d1d1f;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;padding:2rem;max-width:22rem;width:calc(100% - 4rem);box-shadow:0 1px 4px #0002}h1{font-size:1.3rem;margin:0 0 1rem}p{line-height:1.5}label{display:block;font-weight:600;margin-bottom:.4rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #999;border-radius:6px}button{font:inherit;margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#1d1d1f;color:#fff;cursor:pointer}.error{color:#b00020}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * The form asking for a link's password: it posts `password` to the same address (`?q` kept),
 * with the page's own referrer in `ref`, so that the visit is counted from where it came.
 */
export function passwordPage(error?: string, referrer = ''): string {
  return page(
    'Lien protégé',
    `<h1>Ce lien est protégé</h1><p>Saisissez le mot de passe qu’on vous a donné pour continuer.</p>
<form method="post"><input type="hidden" name="ref" value="${escapeHtml(referrer.slice(0, 500))}"><label for="password">Mot de passe</label><input id="password" name="password" type="password" autocomplete="off" required autofocus>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<button type="submit">Continuer</button></form>`,
  );
}

/** Too many wrong passwords from this address: a minute to wait. */
export function waitPage(seconds: number): string {
  return page('Trop d’essais', `<h1>Trop d’essais</h1><p role="alert">Trop de mots de passe erronés. Réessayez dans ${seconds <= 60 ? 'une minute' : `${Math.ceil(seconds / 60)} minutes`}.</p><p><a href="">Réessayer</a></p>`);
}

/** A link that is over: its date has passed, or its visits are all used. */
export function gonePage(refusal: 'exhausted' | { expiresAt: number }): string {
  const why =
    refusal === 'exhausted'
      ? 'Ce lien a atteint son nombre maximal de visites : il ne mène plus nulle part.'
      : `Ce lien a expiré le ${escapeHtml(formatDateTime(new Date(refusal.expiresAt)))} : il ne mène plus nulle part.`;
  return page('Lien expiré', `<h1>Ce lien n’est plus valable</h1><p>${why}</p><p>Demandez-en un nouveau à qui vous l’a donné, ou <a href="${HOME_PATH}">découvrez les sorties sur Sortie</a>.</p>`);
}

/** The server is stopping (a restart): the visitor tries again in a moment, on a new connection. */
export function stoppingPage(): string {
  return page('Redémarrage', '<h1>Un instant…</h1><p role="alert">Le serveur redémarre : réessayez dans un instant.</p><p><a href="">Réessayer</a></p>');
}
