/**
 * Runs `pass` at once and then `intervalMs` after each pass ends (never two at a time), until
 * stopped; what a pass throws is handed to `onError` and the next pass runs as planned. The
 * dispatchers of the e-mail outbox and of webhooks are each one of these.
 */
export class RepeatingPass {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    const tick = async () => {
      try {
        this.running = this.pass();
        await this.running;
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = undefined;
        if (this.timer) this.timer = setTimeout(tick, this.intervalMs);
      }
    };
    this.timer = setTimeout(tick, 0);
  }

  /** No pass starts after this; waits for the one in progress, if any. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }
}
