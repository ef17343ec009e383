import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ValidationError } from '@sortie/core';
import { useDashboardWrites } from '../../../data/dashboard';
import { useRecordWrites } from '../../../data/records';
import { apiErrorMessage } from '../../../data/api-error-message';
import { QrCode } from '../QrCode';
import { CopyButton } from '../CopyButton';
import { useShortUrl } from '../use-short-url';
import { ToolHeading } from './ToolHeading';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../../components/ui';
import { PANEL_BUTTON_CLASS } from '../panel-styles';

const panel = 'space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line';

function ShortLinkCreator() {
  const records = useRecordWrites();
  const shortUrlOf = useShortUrl();
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ _id: string; shortCode: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      // Without a code of their own, the server draws one.
      const link = await records.create<{ _id: string; shortCode: string }>('dynaLinks', { url: url.trim(), ...(code.trim() ? { shortCode: code.trim() } : {}) });
      setErrors({});
      setCreated(link);
    } catch (e) {
      setErrors(e instanceof ValidationError ? Object.fromEntries(e.issues.map((i) => [i.path, i.message])) : {});
      setFailure(apiErrorMessage(e));
    }
  }

  return (
    <section aria-labelledby="short-title" className={panel}>
      <h2 id="short-title" className="text-lg font-semibold">
        Créer un lien court
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="tool-url" className="block text-sm font-medium">
            Adresse de destination
          </label>
          <input id="tool-url" type="url" required value={url} aria-invalid={Boolean(errors['url']) || undefined} onChange={(e) => setUrl(e.target.value)} className={COMPACT_FIELD_CLASS} placeholder="https://…" />
          {errors['url'] && <p className="text-sm text-error">{errors['url']}</p>}
        </div>
        <div className="space-y-1">
          <label htmlFor="tool-code" className="block text-sm font-medium">
            Code court (facultatif)
          </label>
          <input id="tool-code" value={code} aria-invalid={Boolean(errors['shortCode']) || undefined} onChange={(e) => setCode(e.target.value)} className={COMPACT_FIELD_CLASS} placeholder="généré si vide" />
          {errors['shortCode'] && <p className="text-sm text-error">{errors['shortCode']}</p>}
        </div>
        <button type="submit" className={BUTTON_CLASS}>
          Créer le lien
        </button>
      </form>
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
      {created && (
        <div className="space-y-2" role="status">
          <p className="flex flex-wrap items-center gap-2">
            Lien créé : <span className="font-mono text-accent">{shortUrlOf(created.shortCode)}</span>
            <CopyButton text={shortUrlOf(created.shortCode)} label="Copier l’adresse courte" />
          </p>
          <Link href={`/dashboard/dynaLinks/${created._id}`} className="text-sm text-accent hover:underline">
            Voir ses visites
          </Link>
        </div>
      )}
    </section>
  );
}

function QrTool() {
  const [text, setText] = useState('');
  const valid = /^https?:\/\/\S+$/i.test(text.trim());
  return (
    <section aria-labelledby="qr-title" className={panel}>
      <h2 id="qr-title" className="text-lg font-semibold">
        QR code
      </h2>
      <label className="flex flex-col gap-1 text-sm">
        Adresse à encoder
        <input type="url" value={text} onChange={(e) => setText(e.target.value)} className={COMPACT_FIELD_CLASS} placeholder="https://…" />
      </label>
      {valid ? <QrCode text={text.trim()} /> : text && <p className="text-sm text-muted">Saisissez une adresse complète (https://…).</p>}
    </section>
  );
}

function CachePurge() {
  const dashboard = useDashboardWrites();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section aria-labelledby="cache-title" className={panel}>
      <h2 id="cache-title" className="text-lg font-semibold">
        Cache
      </h2>
      <p className="text-sm text-muted">Les liens courts sont gardés en mémoire par le serveur ; videz le cache si une modification tarde à s’appliquer.</p>
      <button
        type="button"
        onClick={() =>
          dashboard.purgeCaches().then(
            (r) => setState({ ok: true, text: `Cache vidé : ${r.purged.join(', ')}.` }),
            (e: unknown) => setState({ ok: false, text: apiErrorMessage(e) }),
          )
        }
        className={PANEL_BUTTON_CLASS}
      >
        Vider le cache
      </button>
      {state && (
        <p role={state.ok ? 'status' : 'alert'} className={`text-sm ${state.ok ? 'text-accent' : 'text-error'}`}>
          {state.text}
        </p>
      )}
    </section>
  );
}

export default function ToolsPage() {
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <ToolHeading title="Outils">Liens courts, QR codes et cache du serveur.</ToolHeading>
      <ShortLinkCreator />
      <QrTool />
      <CachePurge />
    </section>
  );
}
