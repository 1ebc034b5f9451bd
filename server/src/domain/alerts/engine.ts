import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { createOutboundClient, type OutboundClient } from '../../http/outbound.ts';
import type { Mailer } from '../../mail.ts';
import { DELIVERY_LEASE_MS, type DeliveryRound, runDeliveries, SEND_TIMEOUT_MS } from './deliver.ts';
import { DIGEST_LEASE_MS, type DigestRound, runDigests, scheduleDigests } from './digests-run.ts';
import { backfillAlerts, type EvaluationResult, evaluateDueAlerts, flushNewAlerts } from './evaluate.ts';
import { type InboxPassResult, runInboxPass } from './matching.ts';

// The alert engine (docs/alerts.md "Engine"): three loops, each one round at a time in this process, any number of
// processes on one database (every job is taken FOR UPDATE SKIP LOCKED or under a lease):
// - alerts, every 5 s and on NOTIFY alert_inbox: the inbox passes, the `new` flush, the deliveries;
// - evaluations, every 30 s: the backfills and the due spike and negative alerts;
// - digests, every 5 s and on NOTIFY alert_inbox: the due digests' runs and their sends.
// Every step takes `now` from the injected clock, so tests drive time.

export const TICK_MS = 5_000;
export const EVALUATE_MS = 30_000;
/** Inbox passes per round at most (each takes up to 20 batches), so one round can't run forever. */
const PASSES_PER_ROUND = 50;

export interface AlertEngineOptions {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'telegramApiBase' | 'outboundAllowHosts'>;
  mailer: Mailer;
  /** LISTEN/NOTIFY of the process: the engine wakes on `alert_inbox` (main.ts listens to it). */
  notifications?: Notifications;
  /** The clock; tests move it. */
  now?: () => Date;
  /** The outbound client; by default one bound to config.outboundAllowHosts. */
  outbound?: OutboundClient;
  /** A webhook's or Telegram's whole exchange (10 s). */
  sendTimeoutMs?: number;
  deliveryLeaseMs?: number;
  digestLeaseMs?: number;
  tickMs?: number;
  evaluateMs?: number;
  /** Where a failed step is told (it is retried on the next round); console.error by default. */
  onError?: (error: unknown, step: string) => void;
}

export interface AlertRound {
  inbox: InboxPassResult[];
  events: number;
  deliveries: DeliveryRound;
}

export interface EvaluateRound {
  backfilled: number;
  evaluation: EvaluationResult;
}

export interface DigestsRound {
  scheduled: number;
  runs: DigestRound;
}

/** Runs one round at a time; a request during a round runs one more round after it (requests coalesce). */
class SerialLoop<T> {
  private current: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly round: () => Promise<T>) {}

  run(): Promise<T> {
    if (!this.current) {
      this.current = this.round().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    this.queued ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run();
      });
    return this.queued;
  }

  /** The round in progress (and the queued one), settled. */
  async idle(): Promise<void> {
    await this.queued?.catch(() => undefined);
    await this.current?.catch(() => undefined);
  }
}

export class AlertEngine {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly options: AlertEngineOptions;
  private readonly outbound: OutboundClient;
  private readonly alerts = new SerialLoop(() => this.alertRound());
  private readonly evaluations = new SerialLoop(() => this.evaluateRound());
  private readonly digests = new SerialLoop(() => this.digestRound());
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(options: AlertEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.outbound = options.outbound ?? createOutboundClient({ allow: options.config.outboundAllowHosts });
  }

  private report(error: unknown, step: string): void {
    if (this.options.onError) this.options.onError(error, step);
    else console.error(`Оповещения: шаг «${step}» не выполнен, повторим:`, error);
  }

  /** Runs a step, telling (not throwing) its failure: the next round tries again. */
  private async step<T>(name: string, run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.report(error, name);
      return fallback;
    }
  }

  private async alertRound(): Promise<AlertRound> {
    const inbox: InboxPassResult[] = [];
    for (let i = 0; i < PASSES_PER_ROUND && !this.stopped; i++) {
      const pass = await this.step('сопоставление', () => runInboxPass(this.db, this.now()), null);
      if (!pass || pass.batches === 0) break;
      inbox.push(pass);
    }
    const events = await this.step('новые сообщения', () => flushNewAlerts(this.db, this.now()), 0);
    const deliveries = await this.step(
      'доставка',
      () =>
        runDeliveries(
          {
            db: this.db,
            mailer: this.options.mailer,
            outbound: this.outbound,
            publicUrl: this.options.config.publicUrl.replace(/\/+$/, ''),
            telegramApiBase: this.options.config.telegramApiBase.replace(/\/+$/, ''),
            sendTimeoutMs: this.options.sendTimeoutMs ?? SEND_TIMEOUT_MS,
            leaseMs: this.options.deliveryLeaseMs ?? DELIVERY_LEASE_MS,
          },
          this.now,
        ),
      { claimed: 0, sent: 0, failed: 0, disabled: 0 },
    );
    return { inbox, events, deliveries };
  }

  private async evaluateRound(): Promise<EvaluateRound> {
    const backfilled = await this.step('история', () => backfillAlerts(this.db, this.now()), 0);
    const evaluation = await this.step('всплески', () => evaluateDueAlerts(this.db, this.now()), {
      evaluated: 0,
      fired: 0,
    });
    return { backfilled, evaluation };
  }

  private async digestRound(): Promise<DigestsRound> {
    const scheduled = await this.step('расписание дайджестов', () => scheduleDigests(this.db, this.now()), 0);
    const runs = await this.step(
      'дайджесты',
      () =>
        runDigests(
          {
            db: this.db,
            mailer: this.options.mailer,
            leaseMs: this.options.digestLeaseMs ?? DIGEST_LEASE_MS,
          },
          this.now,
        ),
      { claimed: 0, sent: 0, failed: 0 },
    );
    return { scheduled, runs };
  }

  /** One round of the alerts loop: inbox passes, the `new` flush, the deliveries. */
  tick(): Promise<AlertRound> {
    return this.alerts.run();
  }

  /** One round of the evaluations: backfills, then the due spike and negative alerts. */
  evaluate(): Promise<EvaluateRound> {
    return this.evaluations.run();
  }

  /** One round of the digests: the due digests' runs, then the pending runs' sends. */
  digest(): Promise<DigestsRound> {
    return this.digests.run();
  }

  /** The timers and the wake-up on NOTIFY alert_inbox; the first rounds at once. */
  start(): this {
    if (this.timers.length || this.stopped) return this;
    const every = (ms: number, run: () => Promise<unknown>) => {
      const timer = setInterval(() => void run().catch(() => undefined), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.tickMs ?? TICK_MS, () => this.tick());
    every(this.options.tickMs ?? TICK_MS, () => this.digest());
    every(this.options.evaluateMs ?? EVALUATE_MS, () => this.evaluate());
    this.unsubscribe =
      this.options.notifications?.on('alert_inbox', () => {
        if (this.stopped) return;
        void this.tick().catch(() => undefined);
        void this.digest().catch(() => undefined);
      }) ?? null;
    void this.tick().catch(() => undefined);
    void this.evaluate().catch(() => undefined);
    void this.digest().catch(() => undefined);
    return this;
  }

  /** No new rounds; waits for the rounds in progress (call before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all([this.alerts.idle(), this.evaluations.idle(), this.digests.idle()]);
  }
}

/** Starts the engine of this process (main.ts, when config.alertsEngine). */
export function startAlertEngine(options: AlertEngineOptions): AlertEngine {
  return new AlertEngine(options).start();
}
