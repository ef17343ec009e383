/**
 * The embedded database's one connection, taken one statement at a time, the statements asked
 * `first` before those already waiting: a short link's visits, whose visitors wait for their
 * write (issue 34), go before the searches queued behind the one running, rather than after all
 * of them. pg's pool would serve them in arrival order; with one connection nothing runs side by
 * side either way, so taking turns here costs nothing.
 */
export class Turns {
  private busy = false;
  private readonly firsts: Array<() => void> = [];
  private readonly others: Array<() => void> = [];

  async run<T>(first: boolean, statement: () => Promise<T>): Promise<T> {
    // A free connection is taken at once; else the turn is handed over by the statement that ends.
    if (this.busy) await new Promise<void>((resolve) => (first ? this.firsts : this.others).push(resolve));
    else this.busy = true;
    try {
      return await statement();
    } finally {
      const next = this.firsts.shift() ?? this.others.shift();
      if (next) next();
      else this.busy = false;
    }
  }
}
