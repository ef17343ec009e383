import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { ClockPort, formEntryStep, SessionService, ValidationError, validateAnswers, type Form, type FormEntry } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useSignInDialog } from '../services/ui-context';
import { useForm, useFormWrites } from '../data/forms';
import { apiErrorMessage } from '../data/api-error-message';
import { Markdown } from '../components/Markdown';
import { FormFieldControl } from '../features/forms/FormFieldControl';
import { answersToSend, closedReason } from '../features/forms/form-status';
import { BUTTON_CLASS, LINK_CLASS, Notice, PageFrame, DetailQuery } from '../components/ui';
import { VerifyEmailHint } from '../components/VerifyEmailHint';
import { formatDateTime } from '../format';
import type { PageProps } from './types';

/** /forms/{id}: a form built from its fields; a valid submission answers an entry code. */
export default function FormPage({ params }: PageProps) {
  const id = params['id']!;
  const query = useForm(id);
  return (
    <DetailQuery query={query} title="Formulaire" loading="Chargement du formulaire…">
      {(form) => <FormView form={form} />}
    </DetailQuery>
  );
}

function FormView({ form }: { form: Form }) {
  const clock = useUseCase(ClockPort);
  const forms = useFormWrites();
  const session = useUseCase(SessionService);
  const signInDialog = useSignInDialog();
  const { user } = useSnapshot(session.state);
  // Whether the account's address is proven, when the session says so; the server decides anyway.
  const emailVerified = Boolean(user) && (user as { emailVerified?: boolean } | null)?.emailVerified !== false;
  const step = formEntryStep(form, { signedIn: Boolean(user), emailVerified });
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [entry, setEntry] = useState<FormEntry | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const closed = closedReason(form, clock.now());

  const focusFirstError = (keys: string[]) => {
    const first = form.fields.find((f) => keys.includes(f.key));
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#champ-${first.key}`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const answers = answersToSend(form.fields, values);
    const found = validateAnswers(form.fields, answers);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(Object.keys(found));
    setSending(true);
    try {
      setEntry(await forms.submit(form._id, answers));
    } catch (error) {
      if (error instanceof ValidationError && error.issues.length) {
        const fromServer = Object.fromEntries(error.issues.map((issue) => [issue.path.replace(/^answers\./, ''), issue.message]));
        setErrors(fromServer);
        focusFirstError(Object.keys(fromServer));
      }
      setFailure(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const dates = [form.opensAt && `Ouvert à partir du ${formatDateTime(form.opensAt)}`, form.closesAt && `jusqu’au ${formatDateTime(form.closesAt)}`].filter(Boolean).join(' ');

  if (entry) {
    const href = `/forms/${form._id}/entries/${entry.entryCode}`;
    return (
      <PageFrame title={form.title}>
        <Notice tone="success" role="status">
          <h2 className="text-xl font-bold">Merci, votre réponse est enregistrée !</h2>
          <p className="mt-2">
            Votre code de réponse : <strong className="font-mono text-lg tracking-wider">{entry.entryCode}</strong>
          </p>
          <p className="mt-1 text-sm text-muted">Gardez ce code : il permet de retrouver votre réponse.</p>
          <p className="mt-3">
            <Link href={href} className={LINK_CLASS}>
              Voir ma réponse
            </Link>
          </p>
        </Notice>
      </PageFrame>
    );
  }

  const errorCount = Object.keys(errors).length;
  return (
    <PageFrame title={form.title} lead={dates ? <p>{dates}.</p> : undefined}>
      {form.description && <Markdown source={form.description} className="mt-4" />}
      {closed ? (
        <Notice tone="warning" role="status">
          <p className="font-semibold">{closed}</p>
          <p className="mt-1 text-sm">
            <Link href="/" className={LINK_CLASS}>
              Retour à l’accueil
            </Link>
          </p>
        </Notice>
      ) : form.fields.length === 0 ? (
        <Notice>Ce formulaire ne comporte encore aucune question.</Notice>
      ) : step === 'sign_in' || step === 'verify_email' ? (
        <Notice role="status">
          <p className="font-semibold">{form.requireVerified ? 'Réservé aux comptes vérifiés' : 'Une réponse par personne : connectez-vous pour répondre.'}</p>
          {step === 'sign_in' ? (
            <p className="mt-1 text-sm">
              <button type="button" className={LINK_CLASS} onClick={() => signInDialog.open('signIn')}>
                Se connecter
              </button>{' '}
              ou{' '}
              <button type="button" className={LINK_CLASS} onClick={() => signInDialog.open('signUp')}>
                créer un compte
              </button>{' '}
              pour répondre.
            </p>
          ) : (
            <VerifyEmailHint then="répondre" className="mt-1 text-sm" />
          )}
        </Notice>
      ) : (
        <form ref={formRef} noValidate onSubmit={submit} className="mt-6 space-y-5 rounded-2xl bg-surface/60 p-4 ring-1 ring-line sm:p-6" aria-labelledby="page-title">
          <p className="text-sm text-muted">
            {form.onePerPerson && 'Une réponse par personne. '}Les champs marqués d’un astérisque (*) sont obligatoires.
          </p>
          {errorCount > 0 && (
            <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
              {errorCount === 1 ? 'Une réponse est à corriger.' : `${errorCount} réponses sont à corriger.`}
            </div>
          )}
          {form.fields.map((field) => (
            <FormFieldControl
              key={field.key}
              field={field}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(value) => {
                setValues((v) => ({ ...v, [field.key]: value }));
                if (errors[field.key]) setErrors(({ [field.key]: _fixed, ...rest }) => rest);
              }}
            />
          ))}
          {failure && errorCount === 0 && (
            <p role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
              {failure}
            </p>
          )}
          <button type="submit" className={BUTTON_CLASS} disabled={sending}>
            {sending ? 'Envoi…' : 'Envoyer ma réponse'}
          </button>
        </form>
      )}
    </PageFrame>
  );
}
