// Browser storage keys and window names the session's parts share; apart from auth-api.ts, so the
// session layer of every page does not load the sign-in requests.

/** localStorage key whose changes tell other tabs that this browser signed in or out. */
export const SESSION_STORAGE_KEY = 'plaza.session';
/** sessionStorage key of a toast to show after the next page load. */
export const PENDING_TOAST_KEY = 'plaza.toast';
/** Window name of the "Continue with" popup, which closes itself once the person is signed in. */
export const SIGN_IN_POPUP_NAME = 'plaza-sign-in';
