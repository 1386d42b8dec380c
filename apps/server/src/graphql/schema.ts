import { builder } from './builder.ts';
import '../domains/system/schema.ts';
import '../domains/auth/schema.ts';
import '../domains/users/schema.ts';
import '../domains/social/schema.ts';
import '../domains/contacts/schema.ts';
import '../domains/groups/schema.ts';
import '../domains/plans/schema.ts';
import '../domains/chats/schema.ts';
import '../domains/media/schema.ts';
import '../domains/previews/schema.ts';
import '../domains/calendars/schema.ts';
import '../domains/payments/schema.ts';
import '../domains/places/schema.ts';
import '../domains/push/schema.ts';
import '../domains/activity/schema.ts';
import '../domains/search/schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
