/** A web session (cookie) lasts 30 days and is extended when used after a day. */
export const COOKIE_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const COOKIE_SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/** An API client's bearer token lasts an hour; its refresh token 60 days from its last use. */
export const BEARER_SESSION_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 60 * 24 * 60 * 60;
