import { useMemo, useState } from 'react';
import { BUILT_IN_MAILS, ValidationError, renderTemplate, type BuiltInMail, type Page } from '@sortie/core';
import { useMailTemplates } from '../../../data/dashboard';
import { useRecordWrites } from '../../../data/records';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { ToolHeading } from './ToolHeading';
import { Mailbox } from './Mailbox';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../../components/ui';

type Template = { _id?: string; name: string; subject: string; body: string };

const BUILT_INS: readonly BuiltInMail[] = Object.values(BUILT_IN_MAILS);
/** The mail of Sortie a template of this name replaces, if any (names compare as the server does, case aside). */
const builtInNamed = (name: string): BuiltInMail | undefined => BUILT_INS.find((mail) => mail.name.toLowerCase() === name.trim().toLowerCase());
const BUILT_IN_PREFIX = 'builtin:';

/** One of Sortie's mails as a template to start from (no id: saving creates it). */
const fromBuiltIn = (mail: BuiltInMail): Template => ({ name: mail.name, subject: mail.subject, body: mail.body });

/**
 * The template the select names, with its option's value: a blank new one, one of Sortie's mails
 * by name, a saved one by id; by default the first saved one, else the first of Sortie's.
 */
function chosenTemplate(chosen: string | null, saved: Array<Template & { _id: string }>, untouched: readonly BuiltInMail[]): { template: Template; value: string } | null {
  if (chosen === 'new') return { template: { name: '', subject: '', body: '' }, value: 'new' };
  const builtIn = chosen?.startsWith(BUILT_IN_PREFIX) ? untouched.find((mail) => `${BUILT_IN_PREFIX}${mail.name}` === chosen) : undefined;
  if (builtIn) return { template: fromBuiltIn(builtIn), value: chosen! };
  const template = saved.find((t) => t._id === chosen) ?? saved[0];
  if (template) return { template, value: template._id };
  return untouched[0] ? { template: fromBuiltIn(untouched[0]), value: `${BUILT_IN_PREFIX}${untouched[0].name}` } : null;
}

/** What a mail of Sortie is for and what its variables hold; whether staff's words or Sortie's leave now. */
function AboutBuiltIn({ mail, saved }: { mail: BuiltInMail; saved: boolean }) {
  return (
    <aside aria-label="À propos de ce mail" className="space-y-2 rounded-xl bg-surface/50 p-4 text-sm ring-1 ring-line">
      <p>
        <strong>Quand il part :</strong> {mail.purpose}
      </p>
      <p>{saved ? 'Ce modèle remplace le texte d’origine de Sortie ; supprimez-le pour y revenir.' : 'Sortie l’envoie avec son texte d’origine, ci-dessous : enregistrez-le pour le personnaliser.'}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {Object.entries(mail.variables).map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt className="font-mono">{`{{${name}}}`}</dt>
            <dd>{mail.secrets?.includes(name) ? `${meaning} — lien personnel : masqué dans la boîte d’envoi` : meaning}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

/** The {{variables}} a template uses, in order of appearance. */
export function variablesOf(...texts: string[]): string[] {
  const names = texts.flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

function TemplateEditor({ template, onSaved }: { template: Template; onSaved: (id: string | undefined) => void }) {
  const records = useRecordWrites();
  const [draft, setDraft] = useState<Template>(template);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const variables = useMemo(() => variablesOf(draft.subject, draft.body), [draft.subject, draft.body]);
  const builtIn = builtInNamed(draft.name);

  async function save() {
    setMessage(null);
    const body = { name: draft.name, subject: draft.subject, body: draft.body };
    try {
      setErrors({});
      if (template._id) {
        await records.update('mailTemplates', template._id, body);
        setMessage({ ok: true, text: 'Modèle enregistré.' });
      } else {
        // A new template joins the list, which loads again with it chosen.
        const created = await records.create<{ _id: string }>('mailTemplates', body);
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
        {builtIn && <AboutBuiltIn mail={builtIn} saved={Boolean(template._id)} />}
        {field('name', 'Nom du modèle')}
        {field('subject', 'Sujet')}
        <div className="space-y-1">
          <label htmlFor="mail-body" className="block text-sm font-medium">
            Contenu
          </label>
          <textarea id="mail-body" rows={10} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} className={COMPACT_FIELD_CLASS} />
          <p className="text-xs text-muted">Variables : écrivez {'{{name}}'}, {'{{link}}'}… ; celles que le mail fournit sont remplacées à l’envoi.</p>
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
  const templates = useMailTemplates<Template & { _id: string }>(version);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <ToolHeading title="Modèles d’e-mail">Les e-mails envoyés par Sortie, avec leurs variables.</ToolHeading>
      <QueryView query={templates}>
        {(page: Page<Template & { _id: string }>) => {
          // Sortie's own mails that no template replaces yet: staff start from their wording.
          const untouched = BUILT_INS.filter((mail) => !page.items.some((t) => builtInNamed(t.name) === mail));
          const shown = chosenTemplate(chosen, page.items, untouched);
          const current = shown?.template;
          return (
            <>
              <div className="flex flex-wrap items-end gap-3">
                <label className="flex flex-col gap-1 text-sm">
                  Modèle
                  <select value={shown?.value ?? ''} onChange={(e) => setChosen(e.target.value)} className={COMPACT_FIELD_CLASS}>
                    {page.items.length > 0 && (
                      <optgroup label="Modèles enregistrés">
                        {page.items.map((t) => (
                          <option key={t._id} value={t._id}>
                            {t.name}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    {untouched.length > 0 && (
                      <optgroup label="Mails de Sortie (texte d’origine)">
                        {untouched.map((mail) => (
                          <option key={mail.name} value={`${BUILT_IN_PREFIX}${mail.name}`}>
                            {mail.name}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    <option value="new">+ Nouveau modèle</option>
                  </select>
                </label>
              </div>
              {current ? <TemplateEditor
                  key={shown!.value}
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
