/**
 * A read a probe or a scrape makes (the readiness check, the backlog gauges): at most one in flight,
 * so a database that has stopped answering holds one connection however often it is asked, and no
 * caller waits for it longer than `limitMs`: a probe or a scrape answers on time either way.
 */
export class BoundedRead<T> {
  #inFlight: Promise<T> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly limitMs: number,
  ) {}

  /** What the read (the one in flight, or a new one) came to: `late` if it took longer than the limit. */
  async result(): Promise<{ value: T } | { error: unknown } | 'late'> {
    this.#inFlight ??= this.read().finally(() => {
      this.#inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.limitMs);
    });
    try {
      return await Promise.race([
        this.#inFlight.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
