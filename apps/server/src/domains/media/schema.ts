import { builder } from '../../graphql/builder.ts';
import { findChat } from '../chats/chat-access.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { listChatMedia, type GalleryItem, type GalleryPage } from './chat-gallery.ts';
import type { ChatMedia } from './chat-media.ts';

const MediaVariantsRef = builder.objectRef<NonNullable<ChatMedia['variants']>>('MediaVariants').implement({
  description: 'Media paths of a picture at 1x, 2x and 3x (WebP).',
  fields: (t) => ({
    x1: t.string({ resolve: (v) => v['1x'] }),
    x2: t.string({ resolve: (v) => v['2x'] }),
    x3: t.string({ resolve: (v) => v['3x'] }),
  }),
});

const ChatMediaKindEnum = builder.enumType('ChatMediaKind', { values: ['image', 'video', 'audio'] as const });

const ChatMediaItemRef = builder.objectRef<GalleryItem>('ChatMediaItem').implement({
  description: 'A picture, video or audio sent in a chat (decision 0013).',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The upload’s key.' }),
    kind: t.field({ type: ChatMediaKindEnum, resolve: (m) => m.kind }),
    mime: t.exposeString('mime'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    url: t.exposeString('url', { description: 'The 1x picture, or the video or audio file.' }),
    variants: t.field({ type: MediaVariantsRef, nullable: true, resolve: (m) => m.variants }),
    messageKey: t.exposeString('messageKey'),
    seq: t.exposeInt('seq'),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
    user: t.field({
      type: UserRef,
      nullable: true,
      resolve: (m, _a, context) => groupLoaders(context).user.load(m.senderId),
    }),
  }),
});

const ChatMediaPageRef = builder.objectRef<GalleryPage>('ChatMediaPage').implement({
  fields: (t) => ({
    items: t.field({ type: [ChatMediaItemRef], resolve: (p) => p.items }),
    nextBefore: t.exposeString('nextBefore', {
      nullable: true,
      description: 'A message key: pass as before for older media; null at the oldest.',
    }),
  }),
});

builder.queryFields((t) => ({
  chatMedia: t.field({
    type: ChatMediaPageRef,
    authScopes: { signedIn: true },
    description:
      'The media gallery of a chat: pictures, videos and audio of its messages, newest first. NOT_FOUND for a chat the viewer may not read.',
    args: {
      chatKey: t.arg.string({ required: true }),
      before: t.arg.string({ description: 'A message key: media of messages before it.' }),
      limit: t.arg.int({ description: 'Messages per page: default 30, at most 100.' }),
    },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      return listChatMedia(context.store.db, access.chat, args);
    },
  }),
}));
