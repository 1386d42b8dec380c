import { builder } from '../../graphql/builder.ts';
import { GroupRef } from '../groups/group-type.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { importContacts, type ContactImport } from './import-contacts.ts';
import { inviteContact } from './invite-contact.ts';
import { listInvitables, parseInvitableType, type ContactCard, type Invitable } from './list-invitables.ts';
import { CONTACT_FILE_MAX_CHARS, CONTACT_FORMATS } from './parse-contacts.ts';

const ContactRef = builder.objectRef<ContactCard>('Contact').implement({
  description: 'Someone from the person’s imported address book.',
  fields: (t) => ({
    key: t.exposeString('key'),
    fullName: t.exposeString('fullName'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
  }),
});

const InvitableRef = builder.unionType('Invitable', {
  description: 'A group, a user (with pivot.mutualFriendCount) or a contact (spec 3 "Invitee").',
  types: [UserRef, GroupRef, ContactRef],
  resolveType: (parent) =>
    'kind' in parent && parent.kind === 'contact' ? ContactRef : 'username' in parent ? UserRef : GroupRef,
});

const InvitablePageRef = builder
  .objectRef<{ invitables: Invitable[]; nextMarker: string | null }>('InvitablePage')
  .implement({
    fields: (t) => ({
      nextMarker: t.exposeString('nextMarker', { nullable: true }),
      invitables: t.field({
        type: [InvitableRef],
        resolve: (page) =>
          page.invitables.map((item) =>
            item.kind === 'user' ? item.user : item.kind === 'group' ? item.group : item,
          ),
      }),
    }),
  });

const ContactFormatRef = builder.enumType('ContactFileFormat', { values: CONTACT_FORMATS });

const ContactRowErrorRef = builder.objectRef<ContactImport['errors'][number]>('ContactRowError').implement({
  fields: (t) => ({ line: t.exposeInt('line'), message: t.exposeString('message') }),
});

const ContactImportRef = builder.objectRef<ContactImport>('ContactImport').implement({
  fields: (t) => ({
    imported: t.exposeInt('imported'),
    alreadyKnown: t.exposeInt('alreadyKnown'),
    errors: t.field({ type: [ContactRowErrorRef], resolve: (r) => r.errors }),
  }),
});

builder.queryFields((t) => ({
  myContacts: t.field({
    type: InvitablePageRef,
    authScopes: { signedIn: true },
    description:
      'Whom the person may invite: type USERS (people they are connected with), GROUPS (their groups) or CONTACTS (imported). key of a group or plan leaves out people already in it.',
    args: {
      type: t.arg.string({ required: true }),
      key: t.arg.string(),
      searchText: t.arg.string(),
      nextMarker: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return listInvitables(context.store.db, {
        viewerId: me.id,
        type: parseInvitableType(args.type),
        key: args.key,
        searchText: args.searchText,
        marker: args.nextMarker,
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  importContacts: t.field({
    type: ContactImportRef,
    authScopes: { signedIn: true },
    description: `Adds the contacts of a vCard or CSV file (its text, at most ${CONTACT_FILE_MAX_CHARS / 1_000_000} MB) to the person’s address book. Sends nothing.`,
    args: {
      format: t.arg({ type: ContactFormatRef, required: true }),
      text: t.arg.string({ required: true }),
    },
    resolve: async (_root, { format, text }, context) =>
      importContacts(context, (await requireViewerUser(context)).id, format, text),
  }),
  inviteContact: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Sends one invitation with a join link to the e-mail address or phone number the person picked. A number needs the person’s opt-in to texting invitations (updateProfileConsent), else BAD_USER_INPUT. CONFLICT when the address or number asked not to be written to or was invited in the last week; RATE_LIMITED after 50 a day.',
    args: { email: t.arg.string(), phone: t.arg.string() },
    resolve: async (_root, args, context) => {
      await inviteContact(context, await requireViewerUser(context), args);
      return true;
    },
  }),
}));
