import type { Prng } from './prng';
import type { TimerSet } from './timers';
import type { SignatureRecord } from './types';
import type { Workflow } from './workflow';

export interface AutoSignConfig {
  enabled: boolean;
  /** Time from invitation to signature; the signer opens the link halfway. */
  delay_ms: number;
  /** Probability that a signer rejects instead of signing. */
  reject_rate: number;
}

export const defaultAutoSign: AutoSignConfig = { enabled: false, delay_ms: 1000, reject_rate: 0 };

/** Plays every newly invited signer while enabled: opens, then signs (or rejects). Signatures that
 * existed before it was turned on are left alone (`POST /sign-all` handles those). */
export class AutoSigner {
  config: AutoSignConfig;
  workflow: Workflow | null = null;

  constructor(
    private readonly timers: TimerSet,
    private readonly prng: Prng,
    config: Partial<AutoSignConfig> = {},
  ) {
    this.config = { ...defaultAutoSign, ...config };
  }

  configure(patch: Partial<AutoSignConfig>): AutoSignConfig {
    this.config = { ...this.config, ...patch };
    return this.config;
  }

  invited(signature: SignatureRecord): void {
    if (!this.config.enabled || !this.workflow) return;
    const workflow = this.workflow;
    const delay = Math.max(0, this.config.delay_ms);
    const rejects = this.prng.chance(this.config.reject_rate);
    this.timers.set(() => void workflow.open(signature.id), delay / 2);
    this.timers.set(() => void (rejects ? workflow.reject(signature.id) : workflow.sign(signature.id)), delay);
  }

  reset(): void {
    this.config = { ...defaultAutoSign };
  }
}
