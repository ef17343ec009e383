import { availableParallelism } from 'node:os';

/** A read waiting for its place, and every request that waits for it. */
interface Waiting<T> {
  body: Promise<T>;
  begin: () => void;
}

/**
 * Reads asked afresh (a forced reload's Cache-Control: no-cache), a few at a time, taken together
 * by key while they wait. A request never shares a read begun before it arrived: that read may
 * have missed a write the request must see. But a read that has not begun yet, waiting for one
 * of the `places`, is shared by every request for the same key that arrives meanwhile; it begins
 * after all of them arrived, so each answer still reflects every write committed before its
 * request. A crowd reloading the same agenda then costs one read at a time, not one each
 * (issue 34: the embedded database runs one statement at a time, and each read held all the
 * others). What is read must be the same for everyone who asks under that key.
 */
export class FreshReads<T> {
  /** The reads waiting, by key, in the order they were asked (a Map keeps it). */
  private readonly waiting = new Map<string, Waiting<T>>();
  private running = 0;

  constructor(private readonly places: number) {}

  read(key: string, compute: () => Promise<T>): Promise<T> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting.body;
    if (this.running < this.places) {
      this.running += 1;
      return this.run(compute);
    }
    let begin = () => {};
    const started = new Promise<void>((resolve) => (begin = resolve));
    const read: Waiting<T> = { body: started.then(() => this.run(compute)), begin };
    this.waiting.set(key, read);
    return read.body;
  }

  /** Runs a read that holds a place; as it ends, the place goes to the read waiting longest. */
  private run(compute: () => Promise<T>): Promise<T> {
    // A compute that throws at once is a failed read like any other.
    const body = (async () => compute())();
    const ended = () => {
      const [oldest] = this.waiting;
      if (!oldest) {
        this.running -= 1;
        return;
      }
      const [key, next] = oldest;
      this.waiting.delete(key);
      next.begin();
    };
    body.then(ended, ended);
    return body;
  }
}

/**
 * How many reads afresh run at once. The embedded database runs one statement at a time: two
 * places let one read be answered while the next runs. PostgreSQL: one a core, as its reads do.
 * Measured on 2 cores, 32 reloads of 12 agendas: 2 places read the embedded database for 2,200
 * answers a second, where 1 place gave 1,700 and 3 gave 1,800 (issue 34).
 */
export const freshReadPlaces = (kind: 'pglite' | 'postgres', cores = availableParallelism()) => (kind === 'pglite' ? 2 : Math.max(2, cores));
