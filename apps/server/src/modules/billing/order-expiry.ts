import type { SettlementService } from './settlement.service.js';

/**
 * Marks pending orders nobody confirmed within their hour as expired (and forgets unused guids),
 * every PAYMENT_EXPIRY_SWEEP_MS. A provider that confirms an expired order later still gets it
 * credited: the money moved (settlement.service.ts).
 */
export class OrderExpirySweep {
  private running: Promise<number> | undefined;

  constructor(
    private readonly settlement: SettlementService,
    private readonly log: { error(obj: unknown, msg: string): void },
  ) {}

  run(): Promise<number> {
    this.running ??= this.settlement.expire().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Runs a pass every `intervalMs` (0: never); answers the stop. */
  start(intervalMs: number): () => Promise<void> {
    if (intervalMs <= 0) return async () => undefined;
    const timer = setInterval(() => {
      this.run().catch((err: unknown) => this.log.error({ err }, 'order expiry sweep failed'));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.running?.catch(() => undefined);
    };
  }
}
