/**
 * « Nouvelle version disponible » at the bottom of the page, with a button to reload. Plain DOM:
 * the service worker's registration runs beside the app, not inside its React tree.
 */
export function showUpdateNotice(doc: Document, reload: () => void): void {
  if (doc.getElementById('sortie-update')) return;
  const notice = doc.createElement('div');
  notice.id = 'sortie-update';
  notice.setAttribute('role', 'status');
  notice.className =
    'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-line bg-surface p-4 text-sm text-white shadow-lg';
  const text = doc.createElement('p');
  text.textContent = 'Nouvelle version disponible.';
  const reloadButton = doc.createElement('button');
  reloadButton.type = 'button';
  reloadButton.className = 'rounded-md bg-primary px-3 py-2 font-semibold text-background';
  reloadButton.textContent = 'Recharger';
  reloadButton.addEventListener('click', reload);
  const later = doc.createElement('button');
  later.type = 'button';
  later.className = 'rounded-md px-3 py-2 text-muted';
  later.textContent = 'Plus tard';
  later.addEventListener('click', () => notice.remove());
  const actions = doc.createElement('div');
  actions.className = 'flex gap-2';
  actions.append(later, reloadButton);
  notice.append(text, actions);
  doc.body.append(notice);
}
