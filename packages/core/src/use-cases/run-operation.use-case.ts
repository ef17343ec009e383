import { inject, injectable } from 'inversify';
import type { OperationParams, OperationResponse } from '../domain/operations';
import { ProductApiPort, type CallArgs, type Callable, type OperationFor } from '../ports/product-api.port';
import { QueryClient, type QueryKey } from '../queries/query-client';

/** What a write tells its caller: the server's answer, or its error (for the caller's French message). */
export type OperationOutcome<T> = { kind: 'done'; value: T } | { kind: 'failed'; cause: unknown };

/** One write: an operation of the table, its params (left out when it needs none), and the queries its success makes out of date. */
export type OperationRequest<C extends Callable> = {
  operation: C;
  /** Prefixes of the query keys the write changes: they reload once the server has agreed. */
  invalidates?: readonly QueryKey[];
} & (Partial<OperationParams<OperationFor<C>>> extends OperationParams<OperationFor<C>> ? { params?: OperationParams<OperationFor<C>> } : { params: OperationParams<OperationFor<C>> });

/**
 * A write of the product API that needs no rule of its own (the account's forms, a key's
 * revocation, a share's creation…): runs the operation, invalidates the queries it changes
 * once the server agrees, and answers an outcome instead of throwing, so a component holds
 * no API call and no try/catch around one.
 */
@injectable()
export class RunOperation {
  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(QueryClient) private readonly queries: QueryClient,
  ) {}

  async execute<C extends Callable>(request: OperationRequest<C>): Promise<OperationOutcome<OperationResponse<OperationFor<C>>>> {
    // The params are optional exactly when the operation needs none, as CallArgs says.
    const args = (request.params === undefined ? [] : [request.params]) as CallArgs<OperationFor<C>>;
    try {
      const value = await this.api.call(request.operation, ...args);
      for (const key of request.invalidates ?? []) this.queries.invalidate(key);
      return { kind: 'done', value };
    } catch (cause) {
      return { kind: 'failed', cause };
    }
  }
}
