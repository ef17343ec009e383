import { formWindow, type Form } from '@sortie/core';
import { formatDateTime } from '../../format';

/** Why a form takes no answer right now (in French, from core's formWindow), or null when it is open. */
export function closedReason(form: Pick<Form, 'opensAt' | 'closesAt' | 'maxEntries' | 'entryCount'>, now: Date): string | null {
  switch (formWindow(form, now.getTime())) {
    case 'not_open':
      return `Ce formulaire ouvrira le ${formatDateTime(form.opensAt!)}.`;
    case 'closed':
      return `Ce formulaire est clos depuis le ${formatDateTime(form.closesAt!)}.`;
    case 'full':
      return 'Ce formulaire a atteint son nombre maximal de réponses.';
    case 'open':
      return null;
  }
}

/** The answers as the server expects them: numbers as numbers, empty optional fields left out. */
export function answersToSend(fields: Form['fields'], values: Record<string, string | boolean>): Record<string, string | number | boolean> {
  const answers: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'checkbox') {
      if (value === true) answers[field.key] = true;
      continue;
    }
    if (value === undefined || value === false) continue;
    const text = field.type === 'textarea' ? String(value) : String(value).trim();
    if (text.trim() === '') continue;
    answers[field.key] = field.type === 'number' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return answers;
}
