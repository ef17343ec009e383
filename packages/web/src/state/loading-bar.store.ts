import { proxy } from 'valtio/vanilla';
import { LOADING_BAR } from '@sortie/core';

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
}

const TICK_MS = 100;
const HIDE_AFTER_FINISH_MS = 300;
/** The bar creeps toward this while the page loads; only finish() fills it. */
const MAX_PROGRESS_WHILE_LOADING = 90;

/**
 * The thin bar of page transitions (SPEC.md §9): it shows only when loading lasts longer
 * than the throttle, so that fast transitions do not flash, and it crosses the screen in
 * `durationMs`. Several loads may overlap (a page and its data); the bar waits for all.
 */
export class LoadingBarStore {
  readonly state = proxy<LoadingBarState>({ visible: false, progress: 0 });
  private pending = 0;
  private throttle: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private hide: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: { throttleMs: number; durationMs: number } = LOADING_BAR) {}

  start(): void {
    this.pending += 1;
    if (this.pending > 1) return;
    clearTimeout(this.hide);
    if (this.state.visible) return this.run();
    this.throttle = setTimeout(() => {
      this.state.visible = true;
      this.state.progress = 0;
      this.run();
    }, this.options.throttleMs);
  }

  finish(): void {
    if (this.pending === 0) return;
    this.pending -= 1;
    if (this.pending > 0) return;
    clearTimeout(this.throttle);
    clearInterval(this.ticker);
    if (!this.state.visible) return;
    this.state.progress = 100;
    this.hide = setTimeout(() => {
      this.state.visible = false;
      this.state.progress = 0;
    }, HIDE_AFTER_FINISH_MS);
  }

  private run(): void {
    clearInterval(this.ticker);
    const step = (100 * TICK_MS) / this.options.durationMs;
    this.ticker = setInterval(() => {
      this.state.progress = Math.min(MAX_PROGRESS_WHILE_LOADING, this.state.progress + step);
    }, TICK_MS);
  }
}
