import {
  PROGRESS_BAR_DURATION_MS,
  PROGRESS_BAR_FADE_AFTER_MS,
  PROGRESS_BAR_START_DELAY_MS,
  PROGRESS_INCREMENTS,
} from '@plaza/core/constants';

/** A loader run grows the bar by the smaller step, an action (more work to wait for) by the larger. */
export type DataCall = 'load' | 'submit';

export interface ProgressFrame {
  /** 0 to 100. */
  percent: number;
  isVisible: boolean;
}

/** The bar never looks finished before the page is. */
export const MAX_PERCENT_WHILE_LOADING = 90;
const TICK_MS = 100;

/**
 * How full the bar is after `elapsedMs` of loading (spec 9): it creeps to full over the duration,
 * and every data call adds its step.
 */
export function progressPercent(elapsedMs: number, calls: readonly DataCall[]): number {
  const [loadStep, submitStep] = PROGRESS_INCREMENTS;
  const creep = (Math.max(0, elapsedMs) / PROGRESS_BAR_DURATION_MS) * 100;
  const steps = calls.reduce((sum, call) => sum + (call === 'submit' ? submitStep : loadStep), 0);
  return Math.min(MAX_PERCENT_WHILE_LOADING, creep + steps);
}

type Phase = 'idle' | 'waiting' | 'shown' | 'finishing';

/**
 * Drives the page progress bar: nothing for quick loads (start delay), then a growing bar, then
 * full and fading out (spec 9). Framework-free so it can be tested with fake timers.
 */
export class ProgressBarController {
  #phase: Phase = 'idle';
  #startedAt = 0;
  #calls: DataCall[] = [];
  #showTimer: ReturnType<typeof setTimeout> | undefined;
  #tickTimer: ReturnType<typeof setInterval> | undefined;
  #hideTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #render: (frame: ProgressFrame) => void;
  readonly #now: () => number;

  constructor(render: (frame: ProgressFrame) => void, now: () => number = Date.now) {
    this.#render = render;
    this.#now = now;
  }

  get phase(): Phase {
    return this.#phase;
  }

  /** A loader or action started; the first one starts the bar. */
  dataCall(call: DataCall): void {
    if (this.#phase === 'idle' || this.#phase === 'finishing') this.#start();
    this.#calls.push(call);
    if (this.#phase === 'shown') this.#paint();
  }

  /** Navigation is done: fill the bar and fade it, or never show it for a quick load. */
  finish(): void {
    clearTimeout(this.#showTimer);
    clearInterval(this.#tickTimer);
    if (this.#phase !== 'shown') {
      this.#phase = 'idle';
      return;
    }
    this.#phase = 'finishing';
    this.#render({ percent: 100, isVisible: true });
    this.#hideTimer = setTimeout(() => {
      this.#phase = 'idle';
      this.#render({ percent: 100, isVisible: false });
    }, PROGRESS_BAR_FADE_AFTER_MS);
  }

  dispose(): void {
    clearTimeout(this.#showTimer);
    clearInterval(this.#tickTimer);
    clearTimeout(this.#hideTimer);
    this.#phase = 'idle';
  }

  #start(): void {
    clearTimeout(this.#hideTimer);
    this.#phase = 'waiting';
    this.#startedAt = this.#now();
    this.#calls = [];
    this.#showTimer = setTimeout(() => {
      this.#phase = 'shown';
      this.#paint();
      this.#tickTimer = setInterval(() => this.#paint(), TICK_MS);
    }, PROGRESS_BAR_START_DELAY_MS);
  }

  #paint(): void {
    this.#render({ percent: progressPercent(this.#now() - this.#startedAt, this.#calls), isVisible: true });
  }
}
