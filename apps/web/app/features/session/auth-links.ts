/**
 * Where the sign-in and sign-up buttons lead. The modals arrive with accounts; until then the
 * `signin` query (spec 2.3) lands on the home page, so no button is a dead link.
 */
export const LOG_IN_HREF = '/?signin=1';
export const SIGN_UP_HREF = '/?signin=1&signup=1';
export const CHAT_HREF = '/chat';
