import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_PERCENT_WHILE_LOADING,
  ProgressBarController,
  progressPercent,
  type ProgressFrame,
} from './progress-bar-controller.ts';

describe('progressPercent', () => {
  it('grows by 30 per loader call and 45 per action call', () => {
    expect(progressPercent(0, ['load'])).toBe(30);
    expect(progressPercent(0, ['submit'])).toBe(45);
    expect(progressPercent(0, ['submit', 'load'])).toBe(75);
  });

  it('creeps to full over 5000 ms but stops short until the page is done', () => {
    expect(progressPercent(2500, [])).toBe(50);
    expect(progressPercent(5000, [])).toBe(MAX_PERCENT_WHILE_LOADING);
    expect(progressPercent(1000, ['submit', 'submit'])).toBe(MAX_PERCENT_WHILE_LOADING);
  });
});

describe('ProgressBarController', () => {
  let frames: ProgressFrame[];
  let controller: ProgressBarController;

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    controller = new ProgressBarController(
      (frame) => frames.push(frame),
      () => Date.now(),
    );
  });

  afterEach(() => {
    controller.dispose();
    vi.useRealTimers();
  });

  it('shows nothing for a load that finishes within the 200 ms start delay', () => {
    controller.dataCall('load');
    vi.advanceTimersByTime(199);
    controller.finish();
    vi.advanceTimersByTime(5000);
    expect(frames).toEqual([]);
  });

  it('appears after 200 ms with the step of the data call, then keeps growing', () => {
    controller.dataCall('load');
    vi.advanceTimersByTime(200);
    expect(frames.at(-1)).toEqual({ percent: 30 + (200 / 5000) * 100, isVisible: true });
    vi.advanceTimersByTime(1000);
    expect(frames.at(-1)?.percent).toBeCloseTo(30 + (1200 / 5000) * 100);
  });

  it('fills up when done and fades out 500 ms later', () => {
    controller.dataCall('submit');
    vi.advanceTimersByTime(300);
    controller.finish();
    expect(frames.at(-1)).toEqual({ percent: 100, isVisible: true });
    vi.advanceTimersByTime(499);
    expect(frames.at(-1)?.isVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(frames.at(-1)).toEqual({ percent: 100, isVisible: false });
    expect(controller.phase).toBe('idle');
  });

  it('starts over when a new navigation begins while fading', () => {
    controller.dataCall('load');
    vi.advanceTimersByTime(300);
    controller.finish();
    controller.dataCall('load');
    vi.advanceTimersByTime(600);
    expect(frames.at(-1)?.isVisible).toBe(true);
    expect(frames.at(-1)?.percent).toBeLessThan(100);
  });
});
