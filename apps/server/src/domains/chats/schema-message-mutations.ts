import { builder } from '../../graphql/builder.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { findChat } from './chat-access.ts';
import { deleteMessage, editMessage, findMessage } from './change-message.ts';
import { createPoll, createPrompt, votePoll } from './polls.ts';
import { MessageRef } from './schema-message.ts';
import { sendMessage } from './send-message.ts';
import { publishChatListEvent } from './my-chat-events.ts';
import { findThreadRoot, markThreadSeenIn } from './threads.ts';

const MemixInputRef = builder.inputType('MemixInput', {
  description: 'A picture (a chat upload key) with a caption above and below, each at most 80 characters.',
  fields: (t) => ({
    mediaKey: t.string({ required: true }),
    top: t.string(),
    bottom: t.string(),
  }),
});

builder.mutationFields((t) => ({
  sendMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description:
      'Stores a message with the next sequence number, then announces it. The same clientId from the same sender in the same chat answers the stored message instead of a second one. parentKey replies in that message’s thread (a reply’s key: its root’s thread). mediaKeys attach chat uploads (image, video, audio; each kind needs its permission). Text or media is required.',
    args: {
      chatKey: t.arg.string({ required: true }),
      clientId: t.arg.string({ required: true }),
      text: t.arg.string({ required: true }),
      parentKey: t.arg.string({ description: 'Reply in the thread of this message.' }),
      mediaKeys: t.arg.stringList({ description: 'Upload keys of chat media (at most 10).' }),
      planKey: t.arg.string({
        description: 'Shares this plan (irl/event); the sender must be able to see it.',
      }),
      memix: t.arg({
        type: MemixInputRef,
        description:
          'A memix (irl/memix): one of the sender’s chat pictures with captions (memix permission).',
      }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      return sendMessage(context, access, me.id, args);
    },
  }),
  createPoll: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description:
      'A poll message (irl/poll): a title of 1 to 200 characters, 2 to 10 distinct options of 1 to 100; pollCreate, or threadPollCreate with parentKey. clientId as for sendMessage.',
    args: {
      chatKey: t.arg.string({ required: true }),
      clientId: t.arg.string({ required: true }),
      title: t.arg.string({ required: true }),
      options: t.arg.stringList({ required: true }),
      multiple: t.arg.boolean({ description: 'Several options may be chosen; default false.' }),
      parentKey: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      return createPoll(context, access, me.id, { ...args, multiple: args.multiple ?? false });
    },
  }),
  createPrompt: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description:
      'A prompt message (irl/prompt): a question of 1 to 300 characters that people answer in its thread (promptCreate). clientId as for sendMessage.',
    args: {
      chatKey: t.arg.string({ required: true }),
      clientId: t.arg.string({ required: true }),
      question: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      return createPrompt(context, access, me.id, args);
    },
  }),
  votePoll: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description:
      'Sets the viewer’s vote in a poll (pollVote): these option ids replace any earlier vote, an empty list removes it; a single-choice poll takes one.',
    args: {
      messageKey: t.arg.string({ required: true }),
      optionIds: t.arg.intList({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return votePoll(context, me.id, args.messageKey, args.optionIds);
    },
  }),
  editMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    args: { key: t.arg.string({ required: true }), text: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return editMessage(context, me.id, args.key, args.text);
    },
  }),
  deleteMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    args: { key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return deleteMessage(context, me.id, args.key);
    },
  }),
  markThreadSeen: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description: 'Records that the viewer saw a thread now (a reply’s key: its thread); answers the parent.',
    args: { messageKey: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const { message, access } = await findMessage(context, args.messageKey);
      const root = await findThreadRoot(context.store.db, access.chat.id, message.key, 'messageKey');
      await markThreadSeenIn(context.store.db, root.id, me.id);
      await publishChatListEvent(context, access.chat, [me.id]);
      return root;
    },
  }),
}));
