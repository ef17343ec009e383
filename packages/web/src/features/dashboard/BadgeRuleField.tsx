import { useId } from 'react';
import { BADGE_RULE_KIND_NAMES, BADGE_RULE_KINDS, BadgeRuleSchema, badgeRuleOf, defaultBadgeRule, describeBadgeRule, type BadgeRule, type BadgeRuleKind } from '@sortie/core';
import type { Errors } from './SchemaForm';
import { COMPACT_FIELD_CLASS } from '../../components/ui';


/**
 * How a badge is earned: a kind of rule from core's French list, its numbers, and the rule as
 * the visitors read it (« Aimer 10 événements »). A number left blank is sent as it is, so that
 * the server's French message says what is missing.
 */
export function BadgeRuleField({ value, onChange, errors }: { value: unknown; onChange: (rule: BadgeRule) => void; errors: Errors }) {
  const id = useId();
  const rule = badgeRuleOf(value);
  // What staff typed, even a number the schema refuses (0, blank): shown as typed, explained by the server.
  const typed = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const kindName = (typeof typed['kind'] === 'string' && typed['kind'] in BADGE_RULE_KINDS ? typed['kind'] : rule.kind) as BadgeRuleKind;
  const kind = BADGE_RULE_KINDS[kindName];
  // The sentence once the numbers make a rule; until then, what is missing.
  const complete = BadgeRuleSchema.safeParse({ ...typed, kind: kindName });
  const sentence = complete.success && kind.params.every((param) => typeof typed[param.key] === 'number') ? `« ${describeBadgeRule(complete.data)} »` : kind.params.length ? 'indiquez un nombre d’au moins 1' : `« ${describeBadgeRule(rule)} »`;
  const error = errors['rule'] ?? errors['rule.kind'];
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium">Règle d’attribution</legend>
      <div>
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
          Se gagne en…
        </label>
        <select id={`${id}-kind`} className={COMPACT_FIELD_CLASS} value={kindName} onChange={(event) => onChange(defaultBadgeRule(event.target.value as BadgeRuleKind))}>
          {BADGE_RULE_KIND_NAMES.map((name) => (
            <option key={name} value={name}>
              {BADGE_RULE_KINDS[name].label}
            </option>
          ))}
        </select>
      </div>
      {kind.params.map((param) => {
        const raw = typed[param.key];
        const message = errors[`rule.${param.key}`];
        return (
          <div key={param.key}>
            <label htmlFor={`${id}-${param.key}`} className="block text-sm font-medium">
              {param.label}
            </label>
            <input
              id={`${id}-${param.key}`}
              type="number"
              inputMode="numeric"
              min={param.min}
              max={param.max}
              step={1}
              className={COMPACT_FIELD_CLASS}
              value={typeof raw === 'number' && Number.isFinite(raw) ? raw : ''}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-${param.key}-error` : undefined}
              onChange={(event) => {
                const { [param.key]: _previous, ...rest } = typed;
                const next = event.target.value === '' ? rest : { ...rest, [param.key]: Number(event.target.value) };
                onChange({ ...next, kind: kindName } as BadgeRule);
              }}
            />
            {message && (
              <p id={`${id}-${param.key}-error`} className="mt-1 text-sm text-error">
                {message}
              </p>
            )}
          </div>
        );
      })}
      <p className="text-sm">
        <span className="text-muted">En clair : </span>
        <output htmlFor={`${id}-kind`} aria-live="polite" className="font-semibold">
          {sentence}
        </output>
      </p>
      {error && <p className="text-sm text-error">{error}</p>}
    </fieldset>
  );
}
