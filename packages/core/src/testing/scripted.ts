/**
 * What a programmable fake answers to a call: a value, an error (the call rejects or
 * throws), or a function of the call's arguments.
 */
export type Answer<Args extends unknown[] = unknown[], R = unknown> = { value: R } | { error: unknown } | { impl: (...args: Args) => R | Promise<R> };

export interface RecordedCall<M extends string = string> {
  method: M;
  args: unknown[];
}

/**
 * The shared machinery of the programmable fakes: every call is recorded, and each method
 * can be given a lasting answer (`answer`, `fail`) or one-shot answers queued in order
 * (`answerOnce`, `failOnce`), which win over the lasting one. A method with neither runs
 * the fake's own in-memory behaviour.
 */
export abstract class ScriptedFake<M extends string> {
  readonly calls: RecordedCall<M>[] = [];
  readonly #lasting = new Map<M, Answer<never[]>>();
  readonly #queued = new Map<M, Answer<never[]>[]>();

  /** From now on, `method` resolves `value` (or runs it, when it is a function). */
  answer(method: M, value: unknown): this {
    this.#lasting.set(method, toAnswer(value));
    return this;
  }

  /** The next call of `method` resolves `value` (or runs it, when it is a function). */
  answerOnce(method: M, value: unknown): this {
    this.#queue(method).push(toAnswer(value));
    return this;
  }

  /** From now on, `method` rejects with `error`. */
  fail(method: M, error: unknown = new Error(`${method} failed`)): this {
    this.#lasting.set(method, { error });
    return this;
  }

  /** The next call of `method` rejects with `error`; later calls behave as before. */
  failOnce(method: M, error: unknown = new Error(`${method} failed`)): this {
    this.#queue(method).push({ error });
    return this;
  }

  /** Forgets the answers given to `method` (or to every method). */
  restore(method?: M): this {
    if (method) {
      this.#lasting.delete(method);
      this.#queued.delete(method);
    } else {
      this.#lasting.clear();
      this.#queued.clear();
    }
    return this;
  }

  /** The arguments of each call of `method`, in order. */
  callsTo(method: M): unknown[][] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args);
  }

  /** The arguments of the last call of `method`. */
  lastCallTo(method: M): unknown[] | undefined {
    return this.callsTo(method).at(-1);
  }

  /** Records an async call and settles it with the scripted answer, or with `fallback`. */
  protected async run<R>(method: M, args: unknown[], fallback: () => R | Promise<R>): Promise<R> {
    return this.runSync(method, args, fallback) as R | Promise<R>;
  }

  /** Records a synchronous call: a scripted error is thrown. */
  protected runSync<R>(method: M, args: unknown[], fallback: () => R): R {
    this.calls.push({ method, args });
    const answer = this.#queued.get(method)?.shift() ?? this.#lasting.get(method);
    if (!answer) return fallback();
    if ('error' in answer) throw answer.error;
    if ('impl' in answer) return (answer.impl as (...a: unknown[]) => R)(...args);
    return answer.value as R;
  }

  #queue(method: M): Answer<never[]>[] {
    let queue = this.#queued.get(method);
    if (!queue) this.#queued.set(method, (queue = []));
    return queue;
  }
}

function toAnswer(value: unknown): Answer<never[]> {
  return typeof value === 'function' ? { impl: value as (...args: never[]) => unknown } : { value };
}
