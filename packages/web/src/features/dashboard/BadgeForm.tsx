import { useEffect } from 'react';
import { badgeRuleOf } from '@sortie/core';
import { SchemaForm } from './SchemaForm';
import { BadgeRuleField } from './BadgeRuleField';
import type { FormProps } from './QuestionForm';

/** A badge's form: its name, description and icon as the schema draws them, and its rule from core's list of kinds. */
export function BadgeForm({ fields, value, onChange, errors }: FormProps) {
  const stored = value['rule'];
  // A rule of an earlier version (free text) is shown, and saved, as what it is now: « attribué à la main ».
  useEffect(() => {
    if (stored !== undefined && (typeof stored !== 'object' || stored === null)) onChange({ ...value, rule: badgeRuleOf(stored) });
  }, [stored]);
  return (
    <div className="space-y-4">
      <SchemaForm fields={fields.filter((field) => field.key !== 'rule')} value={value} onChange={onChange} errors={errors} />
      <BadgeRuleField value={stored} onChange={(rule) => onChange({ ...value, rule })} errors={errors} />
    </div>
  );
}
