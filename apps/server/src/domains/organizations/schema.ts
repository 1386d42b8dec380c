import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { rowViewOf } from '../plans/plan-view.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { checkImage } from '../groups/group-input.ts';
import { viewerIsAdmin } from '../moderation/site-admins.ts';
import { createOrganization, OrganizationInputError } from './create-organization.ts';
import { findOrganization } from './find-organization.ts';
import { joinOrganization, verifyOrganizationEmail, type OrganizationJoin } from './join-organization.ts';
import { listOrganizationAccounts, type OrganizationMember } from './list-organization-accounts.ts';
import { listOrganizations, type NumberedPage } from './list-organizations.ts';
import {
  organizationLoaders,
  viewerRoleIn,
  type OrganizationAccountRow,
  type OrganizationRow,
} from './organization-loaders.ts';
import { removeOrganizationMember } from './remove-organization-member.ts';
import { setOrganizationMember } from './set-organization-member.ts';
import { visibleMemberships } from './user-organizations.ts';

const OrganizationRoleRef = builder.enumType('OrganizationRole', {
  description: 'ADMIN may add and remove people; MEMBER belongs.',
  values: ['MEMBER', 'ADMIN'] as const,
});

/** The address of an account shows to its holder, the organization's admins and site administrators. */
async function accountEmail(
  context: RequestContext,
  account: OrganizationAccountRow,
): Promise<string | null> {
  if (context.viewer?.id === account.userId) return account.email;
  if ((await viewerRoleIn(context, account.organizationId)) === 'ADMIN') return account.email;
  return (await viewerIsAdmin(context)) ? account.email : null;
}

const OrganizationAccountRef = builder.objectRef<OrganizationMember>('OrganizationAccount').implement({
  description: 'A person’s account with an organization (spec 3 accounts: id, type, email, organizationId).',
  fields: (t) => ({
    id: t.id({ resolve: ({ account }) => `organization:${account.id}` }),
    type: t.string({ description: 'Always ORGANIZATION.', resolve: () => 'ORGANIZATION' }),
    email: t.string({
      nullable: true,
      description:
        'The proven address on the organization’s domain; only for its holder and the organization’s admins, and null when an admin added the person.',
      resolve: ({ account }, _args, context) => accountEmail(context, account),
    }),
    organizationId: t.int({ resolve: ({ account }) => account.organizationId }),
    role: t.field({ type: OrganizationRoleRef, resolve: ({ account }) => account.role }),
    user: t.field({ type: UserRef, resolve: ({ user }) => user }),
    joinedAt: t.string({ resolve: ({ account }) => account.createdAt.toISOString() }),
  }),
});

export const OrganizationRef = builder.objectRef<OrganizationRow>('Organization').implement({
  description: 'A verified body people belong to: a university, a company, a club federation (spec 1).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    image: t.exposeString('image', { nullable: true }),
    domains: t.stringList({
      description: 'E-mail domains whose addresses (and subdomains’) join the organization once proven.',
      resolve: (organization, _args, context) => organizationLoaders(context).domains.load(organization.id),
    }),
    memberCount: t.int({
      resolve: (organization, _args, context) =>
        organizationLoaders(context).memberCount.load(organization.id),
    }),
    viewerRole: t.field({
      type: OrganizationRoleRef,
      nullable: true,
      description: 'The viewer’s role in it; null when they do not belong.',
      resolve: (organization, _args, context) => viewerRoleIn(context, organization.id),
    }),
    accounts: t.field({
      type: [OrganizationAccountRef],
      nullable: true,
      description:
        'Its people, admins first (page from 1, 1 to 100 a page); null unless the viewer belongs to the organization or is a site administrator.',
      args: {
        page: t.arg.int({ defaultValue: 1 }),
        perPage: t.arg.int({ defaultValue: 50 }),
      },
      resolve: async (organization, args, context) => {
        if ((await viewerRoleIn(context, organization.id)) === null && !(await viewerIsAdmin(context)))
          return null;
        return listOrganizationAccounts(
          context.store.db,
          organization.id,
          args.page ?? 1,
          args.perPage ?? 50,
        );
      },
    }),
  }),
});

const OrganizationPageRef = builder.objectRef<NumberedPage<OrganizationRow>>('OrganizationPage').implement({
  description: 'A page of organizations (spec 3: paginated with total, lastPage, currentPage).',
  fields: (t) => ({
    data: t.field({ type: [OrganizationRef], resolve: (page) => page.data }),
    total: t.exposeInt('total'),
    perPage: t.exposeInt('perPage'),
    currentPage: t.exposeInt('currentPage'),
    lastPage: t.exposeInt('lastPage', {
      description: 'The last page that holds anything; 1 when there is none.',
    }),
  }),
});

const OrganizationJoinRef = builder.objectRef<OrganizationJoin>('OrganizationJoin').implement({
  description: 'What joinOrganization did.',
  fields: (t) => ({
    organization: t.field({ type: OrganizationRef, resolve: (join) => join.organization }),
    email: t.exposeString('email'),
    codeSent: t.exposeBoolean('codeSent', {
      description: 'A code went to the address; verifyOrganizationEmail takes it.',
    }),
    account: t.field({
      type: OrganizationAccountRef,
      nullable: true,
      description: 'Set when the person joined at once (the address is the one they sign in with).',
      resolve: async (join, _args, context) =>
        join.account ? { account: join.account, user: await requireViewerUser(context) } : null,
    }),
  }),
});

builder.objectFields(UserRef, (t) => ({
  organizations: t.field({
    type: [OrganizationRef],
    description:
      'The organizations the person belongs to (spec 3: id, name, image), first joined first; empty where the bio is hidden.',
    resolve: async (user, _args, context) =>
      (await visibleMemberships(context, user)).map((membership) => membership.organization),
  }),
}));

builder.objectFields(PlanRef, (t) => ({
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: 'The organization whose people may see the plan (spec 6), when the creator chose one.',
    resolve: async (plan, _args, context) => {
      const { row } = await rowViewOf(context, plan);
      return row.organizationId === null ? null : organizationLoaders(context).row.load(row.organizationId);
    },
  }),
}));

builder.queryFields((t) => ({
  organizations: t.field({
    type: OrganizationPageRef,
    authScopes: { public: true },
    description: 'Every organization by name; page from 1, perPage 1 to 100 (else BAD_USER_INPUT).',
    args: { page: t.arg.int({ defaultValue: 1 }), perPage: t.arg.int({ defaultValue: 20 }) },
    resolve: (_root, args, context) =>
      listOrganizations(context.store.db, args.page ?? 1, args.perPage ?? 20),
  }),
  organization: t.field({
    type: OrganizationRef,
    authScopes: { public: true },
    description: 'An organization by slug or id; NOT_FOUND when there is none.',
    args: { slugOrId: t.arg.string({ required: true }) },
    resolve: (_root, { slugOrId }, context) => findOrganization(context.store.db, slugOrId),
  }),
}));

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: OrganizationRef,
    authScopes: { admin: true },
    description:
      'A site administrator makes an organization with the e-mail domains checked to be its own (as npm run org:create does). A bad name, slug or domain, or one taken: BAD_USER_INPUT naming it.',
    args: {
      name: t.arg.string({ required: true }),
      slug: t.arg.string(),
      domains: t.arg.stringList({ defaultValue: [] }),
      image: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      try {
        return await createOrganization(context.store.db, {
          name: args.name,
          slug: args.slug,
          domains: args.domains ?? [],
          // A picture the administrator uploaded (POST /media/upload), as for groups.
          image: await checkImage(context.store.db, context.viewer!.id, args.image ?? null),
        });
      } catch (error) {
        if (error instanceof OrganizationInputError) throw badUserInput(error.field, error.message);
        throw error;
      }
    },
  }),
  joinOrganization: t.field({
    type: OrganizationJoinRef,
    authScopes: { signedIn: true },
    description:
      'Joins the organization that verifies a work or school address: at once when it is the address the person signs in with, else by a code sent to it. No organization for the domain: BAD_USER_INPUT on email; already in it: CONFLICT.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, context) =>
      joinOrganization(context, await requireViewerUser(context), email),
  }),
  verifyOrganizationEmail: t.field({
    type: OrganizationAccountRef,
    authScopes: { signedIn: true },
    description: 'Finishes joinOrganization with the code sent to the address.',
    args: { email: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: async (_root, { email, code }, context) => {
      const user = await requireViewerUser(context);
      return { account: await verifyOrganizationEmail(context, user, email, code), user };
    },
  }),
  leaveOrganization: t.boolean({
    authScopes: { signedIn: true },
    description: 'Ends the viewer’s account with the organization; NOT_FOUND when they have none.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, context) => {
      await removeOrganizationMember(context, id, (await requireViewerUser(context)).id);
      return true;
    },
  }),
  setOrganizationMember: t.field({
    type: OrganizationAccountRef,
    authScopes: { signedIn: true },
    description:
      'An organization admin (or a site administrator) adds a person (no address needed: the admin vouches) or changes their role; FORBIDDEN for anyone else.',
    args: {
      id: t.arg.int({ required: true }),
      userId: t.arg.int({ required: true }),
      role: t.arg({ type: OrganizationRoleRef, defaultValue: 'MEMBER' }),
    },
    resolve: (_root, args, context) =>
      setOrganizationMember(context, args.id, args.userId, args.role ?? 'MEMBER'),
  }),
  removeOrganizationMember: t.boolean({
    authScopes: { signedIn: true },
    description:
      'An organization admin (or a site administrator) removes a person from it; FORBIDDEN for anyone else.',
    args: { id: t.arg.int({ required: true }), userId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      await removeOrganizationMember(context, args.id, args.userId);
      return true;
    },
  }),
}));
