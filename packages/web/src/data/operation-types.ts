import type { OPERATION_ROUTES, OperationFor, OperationParams } from '@sortie/core';

type Routes = typeof OPERATION_ROUTES;

/** The body an operation of core's table takes, by its name (types only: nothing of the table is loaded). */
export type OperationBody<K extends keyof Routes> = OperationParams<OperationFor<Routes[K]>>['body'];

/** The query an operation of core's table takes, by its name. */
export type OperationQuery<K extends keyof Routes> = NonNullable<OperationParams<OperationFor<Routes[K]>>['query']>;

/** The path parameters an operation of core's table takes, by its name. */
export type OperationPath<K extends keyof Routes> = NonNullable<OperationParams<OperationFor<Routes[K]>>['path']>;
