import type { Newable } from 'inversify';

export * from './navigation';

/** Every use-case class, bound to itself by useCasesModule. */
export const USE_CASES: readonly Newable<object>[] = [];
