import { useMemo, useState } from 'react';
import { ProductApiPort, ValidationError, renderTemplate, type Page } from '@sortie/core';
import { useUseCase } from '../../../services/container-context';
import { useApiQuery } from '../../../data/useApiQuery';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { ToolHeading } from './ToolHeading';
import { Mailbox } from './Mailbox';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../../components/ui';

type Template = { _id?: string; name: string; subject: string; body: string };

/** The {{variables}} a template uses, in order of appearance. */
export function variablesOf(...texts: string[]): string[] {
  const names = texts.flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

function TemplateEditor({ template, onSaved }: { template: Template; onSaved: (id: string | undefined) => void }) {
  const api = useUseCase(ProductApiPort);
  const [draft, setDraft] = useState<Template>(template);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const variables = useMemo(() => variablesOf(draft.subject, draft.body), [draft.subject, draft.body]);

  async function save() {
    setMessage(null);
    const body = { name: draft.name, subject: draft.subject, body: draft.body };
    try {
      setErrors({});
      if (template._id) {
        await api.update('mailTemplates', template._id, body);
        setMessage({ ok: true, text: 'Modèle enregistré.' });
      } else {
        // A new template joins the list, which loads again with it chosen.
        const created = await api.create<{ _id: string }>('mailTemplates', body);
        onSaved(created._id);
      }
    } catch (e) {
      if (e instanceof ValidationError) setErrors(Object.fromEntries(e.issues.map((i) => [i.path, i.message])));
      setMessage({ ok: false, text: `${apiErrorMessage(e)} Votre texte est conservé.` });
    }
  }

  const field = (key: 'name' | 'subject', label: string) => (
    <div className="space-y-1">
      <label htmlFor={`mail-${key}`} className="block text-sm font-medium">
        {label}
      </label>
      <input id={`mail-${key}`} value={draft[key]} aria-invalid={Boolean(errors[key]) || undefined} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} className={COMPACT_FIELD_CLASS} />
      {errors[key] && <p className="text-sm text-error">{errors[key]}</p>}
    </div>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {field('name', 'Nom du modèle')}
        {field('subject', 'Sujet')}
        <div className="space-y-1">
          <label htmlFor="mail-body" className="block text-sm font-medium">
            Contenu
          </label>
          <textarea id="mail-body" rows={10} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} className={COMPACT_FIELD_CLASS} />
          <p className="text-xs text-muted">Variables : écrivez {'{{prenom}}'}, {'{{evenement}}'}… elles sont remplacées à l’envoi.</p>
          {errors['body'] && <p className="text-sm text-error">{errors['body']}</p>}
        </div>
        <button type="submit" className={BUTTON_CLASS}>
          Enregistrer le modèle
        </button>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-accent' : 'text-error'}`}>
            {message.text}
          </p>
        )}
      </form>
      <section aria-labelledby="preview-title" className="space-y-3">
        <h3 id="preview-title" className="font-semibold">
          Aperçu
        </h3>
        {variables.length > 0 && (
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1 text-sm text-muted">Valeurs d’exemple</legend>
            {variables.map((name) => (
              <label key={name} className="flex flex-col gap-1 text-sm">
                {name}
                <input value={samples[name] ?? ''} onChange={(e) => setSamples({ ...samples, [name]: e.target.value })} className={COMPACT_FIELD_CLASS} />
              </label>
            ))}
          </fieldset>
        )}
        <div className="rounded-xl bg-white p-4 text-black" data-testid="mail-preview">
          <p className="font-semibold">{renderTemplate(draft.subject, samples)}</p>
          <hr className="my-2" />
          <p className="whitespace-pre-wrap text-sm">{renderTemplate(draft.body, samples)}</p>
        </div>
      </section>
    </div>
  );
}

/** The e-mail templates: pick one (or start a new one), edit it and see it with sample values. */
export default function MailTemplatesPage() {
  const [version, setVersion] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const templates = useApiQuery(`mail-templates:${version}`, (api) => api.list<Template & { _id: string }>('mailTemplates', { limit: 100 }));
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <ToolHeading title="Modèles d’e-mail">Les e-mails envoyés par Sortie, avec leurs variables.</ToolHeading>
      <QueryView query={templates}>
        {(page: Page<Template & { _id: string }>) => {
          const current: Template | undefined = chosen === 'new' ? { name: '', subject: '', body: '' } : (page.items.find((t) => t._id === chosen) ?? page.items[0]);
          return (
            <>
              <div className="flex flex-wrap items-end gap-3">
                <label className="flex flex-col gap-1 text-sm">
                  Modèle
                  <select value={chosen === 'new' ? 'new' : (current?._id ?? '')} onChange={(e) => setChosen(e.target.value)} className={COMPACT_FIELD_CLASS}>
                    {page.items.map((t) => (
                      <option key={t._id} value={t._id}>
                        {t.name}
                      </option>
                    ))}
                    <option value="new">+ Nouveau modèle</option>
                  </select>
                </label>
              </div>
              {current ? <TemplateEditor
                  key={current._id ?? 'new'}
                  template={current}
                  onSaved={(id) => {
                    setChosen(id ?? null);
                    setVersion((v) => v + 1);
                  }}
                /> : <EmptyState>Aucun modèle : choisissez « Nouveau modèle ».</EmptyState>}
            </>
          );
        }}
      </QueryView>
      <Mailbox />
    </section>
  );
}
