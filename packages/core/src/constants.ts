// Business constants of spec 9, and the product copy of spec 1, that no other rule owns.

export const PRODUCT_NAME = 'Plaza';

/** Built-in bot user (spec 3). */
export const BOT_USER_ID = 1;
export const BOT_USERNAME = 'plaza';

export const META_DESCRIPTION =
  'Follow your friends, favorite sports teams, musicians, comedians, local venues and more. Do more of what you love with the people you love.';
export const PAGE_DESCRIPTION_SUFFIX = ' - Tap to see details';

// Chat
export const CHAT_READINESS_WAIT_MS = 10_000;
export const CHAT_RELOAD_GUARD_MS = 60_000;

/**
 * Seconds a client waits before asking again while the server cannot reach its database: the
 * API's and the pages' Retry-After, and the web's pause before a subscription is asked for again.
 */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

// Session token
export const TOKEN_PREFIX = 'Bearer ';
export const TOKEN_PREFIX_LENGTH = 7;

// Toasts and page progress bar
export const TOAST_COUNTDOWN_SECONDS = 3;
export const PROGRESS_BAR_START_DELAY_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PROGRESS_BAR_FADE_AFTER_MS = 500;
/** Loading progress grows by one of these per data call. */
export const PROGRESS_INCREMENTS = [30, 45] as const;
export const DATA_FETCH_DELAY_MS = 200;

// Timing helpers
export const WINDOW_RESIZE_DEBOUNCE_MS = 250;
export const DEFAULT_DELAY_MS = 1000;
export const MIN_THROTTLE_RETRY_MS = 10;

// Popover
export const POPOVER_DELAY_MS = 100;
export const POPOVER_MAX_WIDTH = 400;
export const POPOVER_Z_INDEX = 1040;

// Lists
export const MUTUAL_FRIENDS_SHOWN = 6;
export const NAME_LIST_NAMES_SHOWN = 2;

// Caching and batching
export const HASHTAG_CATEGORIES_CACHE_SECONDS = 300;
export const BATCH_WAIT_MS = 10;
export const BATCH_MAX_KEYS = 250;

// Chats
/** A chat's unread count stops here: a badge shows "99+" past 99, and counting further read every message. */
export const CHAT_UNREAD_COUNT_MAX = 100;

/**
 * The activity feed's unread count stops here too: the bell shows "99+" past 99, and counting
 * further read every unread activity of the person at every page load (the root loader asks it).
 */
export const ACTIVITY_UNREAD_COUNT_MAX = 100;

// Plans
export const DEFAULT_EVENT_LENGTH_MS = 60 * 60 * 1000;

// Error reporting
export const ERROR_REPORT_TRACES_SAMPLE_RATE = 0;
export const ERROR_REPORT_TIMEOUT_MS = 2000;
