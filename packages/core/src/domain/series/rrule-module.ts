import * as loaded from 'rrule';

/*
 * The `rrule` library, whichever way it was loaded: its ESM build gives named exports, while
 * Node's own import of its UMD build gives them under `default` only.
 */
type RruleModule = typeof loaded;
const isModule = (value: unknown): value is RruleModule => typeof value === 'object' && value !== null && 'RRule' in value && 'RRuleSet' in value;
const fallback: unknown = Reflect.get(loaded, 'default');

export const rrule: RruleModule = isModule(loaded) ? loaded : isModule(fallback) ? fallback : loaded;
