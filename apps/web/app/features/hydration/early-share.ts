import { HYDRATING_KEY } from './early-taps.ts';

/**
 * A share button pressed before the page hydrated (decisions 0030 and 0033). The system share
 * sheet opens only within the press itself (it needs the press's user activation), so the press
 * cannot wait for the app and be made again after: the page's start script shares at once where the
 * browser has a share sheet, from the address and title the server rendered on the button, and the
 * press is not kept for later (early-taps.ts). Without a share sheet the press is kept as any other:
 * the app copies the link once hydrated (or offers it to copy by hand where the clipboard wants the
 * press itself).
 */
export const SHARE_URL_ATTRIBUTE = 'data-share-url';
export const SHARE_TITLE_ATTRIBUTE = 'data-share-title';

/** Page script (inline, before RECORD_EARLY_TAPS so it hears the press first). */
export const SHARE_BEFORE_HYDRATION = `document.addEventListener('click',(event)=>{if(window.${HYDRATING_KEY}||!navigator.share)return;const button=event.target instanceof Element?event.target.closest('button[${SHARE_URL_ATTRIBUTE}]'):null;if(!button||button.disabled)return;event.stopImmediatePropagation();const title=button.getAttribute('${SHARE_TITLE_ATTRIBUTE}');navigator.share(title?{title,url:button.getAttribute('${SHARE_URL_ATTRIBUTE}')}:{url:button.getAttribute('${SHARE_URL_ATTRIBUTE}')}).catch(()=>{})},true);`;
