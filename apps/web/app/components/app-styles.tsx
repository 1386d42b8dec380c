import appCss from '../app.css?inline';
import appCssUrl from '../app.css?url';

// Production pages carry their one stylesheet inline: on a phone's slow first visit that saves the
// round trip of a render-blocking request (Lighthouse FCP). Only the server build keeps the text;
// in the browser bundle this is '' and the import is dropped, and hydration keeps the server's <style>.
const inlineCss = import.meta.env.SSR && import.meta.env.PROD ? appCss : '';

export function AppStyles() {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={appCssUrl} />;
  return <style dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />;
}
