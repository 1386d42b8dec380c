import { describe, it, expect } from 'vitest';
import * as constants from './constants.ts';

describe('constants of spec 9', () => {
  it('has the chat, token and timing values', () => {
    expect(constants.CHAT_READINESS_WAIT_MS).toBe(10_000);
    expect(constants.CHAT_RELOAD_GUARD_MS).toBe(60_000);
    expect(constants.TOAST_COUNTDOWN_SECONDS).toBe(3);
    expect(constants.PROGRESS_BAR_START_DELAY_MS).toBe(200);
    expect(constants.PROGRESS_BAR_DURATION_MS).toBe(5000);
    expect(constants.PROGRESS_BAR_FADE_AFTER_MS).toBe(500);
    expect(constants.PROGRESS_INCREMENTS).toEqual([30, 45]);
    expect(constants.DATA_FETCH_DELAY_MS).toBe(200);
    expect(constants.WINDOW_RESIZE_DEBOUNCE_MS).toBe(250);
    expect(constants.POPOVER_DELAY_MS).toBe(100);
    expect(constants.POPOVER_MAX_WIDTH).toBe(400);
    expect(constants.POPOVER_Z_INDEX).toBe(1040);
    expect(constants.DEFAULT_DELAY_MS).toBe(1000);
    expect(constants.MIN_THROTTLE_RETRY_MS).toBe(10);
  });

  it('has a token prefix whose length is the stated 7 characters', () => {
    expect(constants.TOKEN_PREFIX).toBe('Bearer ');
    expect(constants.TOKEN_PREFIX_LENGTH).toBe(7);
    expect(constants.TOKEN_PREFIX).toHaveLength(constants.TOKEN_PREFIX_LENGTH);
  });

  it('has the list, cache, batch and plan values', () => {
    expect(constants.MUTUAL_FRIENDS_SHOWN).toBe(6);
    expect(constants.NAME_LIST_NAMES_SHOWN).toBe(2);
    expect(constants.HASHTAG_CATEGORIES_CACHE_SECONDS).toBe(300);
    expect(constants.BATCH_WAIT_MS).toBe(10);
    expect(constants.BATCH_MAX_KEYS).toBe(250);
    expect(constants.DEFAULT_EVENT_LENGTH_MS).toBe(3_600_000);
    expect(constants.ERROR_REPORT_TRACES_SAMPLE_RATE).toBe(0);
    expect(constants.ERROR_REPORT_TIMEOUT_MS).toBe(2000);
  });

  it('has the bot user and the product copy of spec 1', () => {
    expect(constants.BOT_USER_ID).toBe(1);
    expect(constants.BOT_USERNAME).toBe('plaza');
    expect(constants.PAGE_DESCRIPTION_SUFFIX).toBe(' - Tap to see details');
    expect(constants.META_DESCRIPTION).toBe(
      'Follow your friends, favorite sports teams, musicians, comedians, local venues and more. Do more of what you love with the people you love.',
    );
  });
});
