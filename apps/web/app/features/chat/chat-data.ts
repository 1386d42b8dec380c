import { CHAT_PERMISSION_NAMES, type ChatPermissions, type ChatType } from '@plaza/core/chat-permissions';

/** Spec 2.1: the chat route types; `s` only resolves a key to its chat. */
export const CHAT_TYPES = ['d', 'g', 'p'] as const satisfies readonly ChatType[];

export function isChatType(value: string | undefined): value is ChatType {
  return (CHAT_TYPES as readonly string[]).includes(value ?? '');
}

export const CHAT_TYPE_LABELS: Record<ChatType, string> = {
  d: 'Direct messages',
  g: 'Groups',
  p: 'Plans',
};

export const PERSON_FIELDS = 'id username fullName image';

export const MESSAGE_FIELDS = `id key seq rev clientId text parentKey createdAt editedAt deletedAt timestamp
  user { ${PERSON_FIELDS} }
  media { kind key mime width height durationMs url variants { x1 x2 x3 } }
  poll { title multiple totalVoters myVotes options { id text votes voters(limit: 3) { ${PERSON_FIELDS} } } }
  prompt { question }
  memix { top bottom image { kind key mime width height durationMs url variants { x1 x2 x3 } } }
  plan { key slug title image timezone allDay start { utc } end { utc } place { name city } }
  threadCount threadLastAt threadLabel hasUnseenThread threadUsers { ${PERSON_FIELDS} } removedByModerator`;

/** What a chat list entry shows of the chat's last message. */
export const LAST_CHAT_FIELDS = `text timestamp deletedAt media { kind mime } poll { title } prompt { question } plan { title } user { id username fullName }`;

export const CHAT_LIST_FIELDS = `id key type typename lastSeq lastMessageAt unreadCount
  group { key slug title image }
  plan { key slug title image }
  otherUser { ${PERSON_FIELDS} }
  lastChat { ${LAST_CHAT_FIELDS} }
  pivot { isHidden muteUntil }`;

export const CHAT_ROOM_FIELDS = `${CHAT_LIST_FIELDS} rateLimit slowModeEnabled
  permissions { ${CHAT_PERMISSION_NAMES.join(' ')} }`;

export interface ChatPerson {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

export interface ChatMessage {
  id: number;
  key: string;
  seq: number;
  clientId: string;
  text: string;
  parentKey: string | null;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  timestamp: number;
  user: ChatPerson | null;
  /** The chat change number of this copy: a copy with a higher rev replaces it. */
  rev: number;
  media: ChatMedia[];
  poll: ChatPoll | null;
  prompt: { question: string } | null;
  /** A picture with captions (irl/memix). */
  memix: { top: string; bottom: string; image: ChatMedia } | null;
  /** A plan shared into the chat (irl/event), when the reader may see it. */
  plan: SharedPlan | null;
  threadCount: number;
  threadLastAt: string | null;
  /** Spec 4's participant label, e.g. "you and @ana". */
  threadLabel: string;
  hasUnseenThread: boolean;
  /** A moderator removed it (decision 0018): shown as removed, with nothing of what it said. */
  removedByModerator: boolean;
  threadUsers: ChatPerson[];
}

export interface SharedPlan {
  key: string;
  slug: string;
  title: string;
  image: string | null;
  timezone: string;
  allDay: boolean;
  start: { utc: string };
  end: { utc: string };
  place: { name: string | null; city: string | null } | null;
}

export interface ChatMedia {
  kind: 'image' | 'video' | 'audio';
  key: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  url: string;
  variants: { x1: string; x2: string; x3: string } | null;
}

export interface ChatPoll {
  title: string;
  multiple: boolean;
  totalVoters: number;
  myVotes: number[];
  options: Array<{ id: number; text: string; votes: number; voters: ChatPerson[] }>;
}

export interface ChatListItem {
  id: number;
  key: string;
  type: ChatType;
  typename: string;
  lastSeq: number;
  lastMessageAt: string | null;
  unreadCount: number;
  group: { key: string; slug: string; title: string; image: string | null } | null;
  plan: { key: string; slug: string; title: string; image: string | null } | null;
  otherUser: ChatPerson | null;
  lastChat: {
    text: string;
    media: Array<{ kind: string; mime: string }>;
    poll: { title: string } | null;
    prompt: { question: string } | null;
    plan: { title: string } | null;
    timestamp: number;
    deletedAt: string | null;
    user: { id: number; username: string; fullName: string } | null;
  } | null;
  pivot: { isHidden: boolean; muteUntil: string | null };
}

export interface ChatRoom extends ChatListItem {
  rateLimit: number;
  slowModeEnabled: boolean;
  permissions: ChatPermissions;
}

export function chatHref(chat: { type: string; key: string }, view?: string): string {
  return `/chat/${chat.type}/${encodeURIComponent(chat.key)}${view ? `/${view}` : ''}`;
}

/** The name a chat goes by: the group's or plan's title, or the other person's name. */
export function chatTitle(chat: Pick<ChatListItem, 'group' | 'plan' | 'otherUser'>): string {
  return chat.group?.title ?? chat.plan?.title ?? chat.otherUser?.fullName ?? 'Chat';
}

export function chatImage(chat: Pick<ChatListItem, 'group' | 'plan' | 'otherUser'>): string | null {
  return chat.group?.image ?? chat.plan?.image ?? chat.otherUser?.image ?? null;
}

export function isMuted(chat: Pick<ChatListItem, 'pivot'>, now: number): boolean {
  return chat.pivot.muteUntil !== null && Date.parse(chat.pivot.muteUntil) > now;
}
