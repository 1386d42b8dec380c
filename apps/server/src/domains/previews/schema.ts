import { builder } from '../../graphql/builder.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { getLinkPreviews, PREVIEW_LIMITS, type LinkPreview } from './link-previews.ts';

const PreviewStatusEnum = builder.enumType('LinkPreviewStatus', {
  description:
    'ok, or why there is no preview: invalid (not an http(s) URL), blocked (a private or local address), failed, timeout, not_html, rate_limited (ask again later).',
  values: ['ok', 'invalid', 'blocked', 'failed', 'timeout', 'not_html', 'rate_limited'] as const,
});

const LinkPreviewRef = builder.objectRef<LinkPreview>('LinkPreview').implement({
  description: 'Spec 3’s link preview (open graph), stored per URL (decision 0013).',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The URL as asked.' }),
    status: t.field({ type: PreviewStatusEnum, resolve: (p) => p.status }),
    title: t.exposeString('title', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    image: t.exposeString('image', { nullable: true, description: 'An absolute http(s) URL.' }),
    siteName: t.exposeString('siteName', { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  getOpenGraph: t.field({
    type: [LinkPreviewRef],
    authScopes: { signedIn: true },
    description: `Link previews, one per URL in the order asked (at most ${PREVIEW_LIMITS.urlsPerCall}). Signed-in people only.`,
    args: { urls: t.arg.stringList({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return getLinkPreviews(context, me.id, args.urls);
    },
  }),
}));
