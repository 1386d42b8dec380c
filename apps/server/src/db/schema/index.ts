export * from './users.ts';
export * from './auth.ts';
export * from './groups.ts';
export * from './plans.ts';
export * from './chats.ts';
export * from './media.ts';
export * from './system.ts';
export * from './social.ts';
