import { COMPACT_FIELD_CLASS } from '../../../components/ui';

/** The classes the dashboard's widgets share (the generic form's own look). */
export const INPUT = COMPACT_FIELD_CLASS;
export const SMALL_BUTTON = 'min-h-9 min-w-9 rounded px-2 py-1 text-xs hover:bg-white/10 disabled:opacity-40 focus-visible:outline-2';
export const ADD_BUTTON = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 disabled:opacity-40 focus-visible:outline-2';
