import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationAccounts, users } from '../src/db/schema/index.ts';
import { addOrganizationAccount } from '../src/domains/organizations/add-organization-account.ts';
import { createOrganization } from '../src/domains/organizations/create-organization.ts';
import type { OrganizationRow } from '../src/domains/organizations/organization-loaders.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { lastCodeTo, lastMessageTo } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { signInWithEmail } from './support/sign-in.ts';

let t: TestPlaza;
let uni: OrganizationRow;
let acme: OrganizationRow;
let ana: Person;
let bea: Person;
let cai: Person;
let uniAdmin: Person;

const db = () => t.plaza.platform.store.db;
const codeOf = (res: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  res.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1', PLAZA_ADMINS: 'site.admin@example.org' });
  // Five organizations made as the operator makes them (npm run org:create); no test adds more.
  uni = await createOrganization(db(), { name: 'Uni Example', domains: ['uni.example'] });
  acme = await createOrganization(db(), { name: 'Acme Works', slug: 'acme', domains: ['@Acme.example'] });
  await createOrganization(db(), { name: 'zeta club', domains: [] });
  await createOrganization(db(), { name: 'Birch Rowing', domains: ['birch.example'] });
  await createOrganization(db(), { name: 'Cedar Choir', domains: [] });
  [ana, bea, cai, uniAdmin] = [
    await newPerson(t, 'Ana'),
    await newPerson(t, 'Bea'),
    await newPerson(t, 'Cai'),
    await newPerson(t, 'Ada'),
  ];
  await addOrganizationAccount(db(), {
    organization: uni,
    userId: uniAdmin.userId,
    email: null,
    role: 'ADMIN',
  });
});
afterAll(() => t.close());

interface OrganizationPage {
  data: Array<{ name: string; slug: string }>;
  total: number;
  lastPage: number;
  currentPage: number;
  perPage: number;
}

async function page(args: string) {
  return t.gql<{ organizations: OrganizationPage }>(
    `{ organizations${args ? `(${args})` : ''} { data { name slug } total lastPage currentPage perPage } }`,
  );
}

/** Ana joins Uni with a code sent to her school address. */
async function joinUniByCode(person: Person, email: string) {
  const join = await t.gql<{ joinOrganization: { codeSent: boolean; organization: { name: string } } }>(
    'mutation ($email: String!) { joinOrganization(email: $email) { codeSent email organization { name } account { id } } }',
    { email },
    person.headers,
  );
  expect(join.errors).toBeUndefined();
  expect(join.data!.joinOrganization).toMatchObject({
    codeSent: true,
    organization: { name: 'Uni Example' },
  });
  const code = await lastCodeTo(t.dataDir, email.toLowerCase());
  return t.gql<{
    verifyOrganizationEmail: { organizationId: number; email: string; role: string; type: string };
  }>(
    'mutation ($email: String!, $code: String!) { verifyOrganizationEmail(email: $email, code: $code) { id type email organizationId role user { id } } }',
    { email, code },
    person.headers,
  );
}

describe('organizations(page, perPage)', () => {
  it('pages through every organization by name, with total, lastPage and currentPage', async () => {
    const first = await page('page: 1, perPage: 2');
    expect(first.errors).toBeUndefined();
    expect(first.data!.organizations).toEqual({
      data: [
        { name: 'Acme Works', slug: 'acme' },
        { name: 'Birch Rowing', slug: 'birch-rowing' },
      ],
      total: 5,
      lastPage: 3,
      currentPage: 1,
      perPage: 2,
    });
    const last = await page('page: 3, perPage: 2');
    expect(last.data!.organizations.data.map((o) => o.name)).toEqual(['zeta club']);
    const beyond = await page('page: 4, perPage: 2');
    expect(beyond.data!.organizations).toMatchObject({ data: [], total: 5, lastPage: 3, currentPage: 4 });
    const defaults = await page('');
    expect(defaults.data!.organizations).toMatchObject({
      total: 5,
      lastPage: 1,
      currentPage: 1,
      perPage: 20,
    });
    expect(defaults.data!.organizations.data).toHaveLength(5);
  });

  it('refuses a page below 1 and a page size outside 1 to 100, naming the argument', async () => {
    for (const [args, field] of [
      ['page: 0', 'page'],
      ['perPage: 0', 'perPage'],
      ['perPage: 101', 'perPage'],
    ] as const) {
      const res = await page(args);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect((await page('perPage: 100')).errors).toBeUndefined();
  });
});

describe('organization(slugOrId)', () => {
  it('finds an organization by slug (any case) or by id', async () => {
    const query = '($s: String!) { organization(slugOrId: $s) { id name slug image domains memberCount } }';
    const bySlug = await t.gql<{ organization: { id: number; domains: string[] } }>(`query ${query}`, {
      s: 'ACME',
    });
    expect(bySlug.data!.organization).toMatchObject({ id: acme.id, domains: ['acme.example'] });
    const byId = await t.gql<{ organization: { slug: string } }>(`query ${query}`, { s: String(uni.id) });
    expect(byId.data!.organization).toMatchObject({ slug: 'uni-example', name: 'Uni Example', image: null });
  });

  it('answers NOT_FOUND for an unknown slug or id', async () => {
    for (const s of ['no-such-org', '999999', '']) {
      const res = await t.gql('query ($s: String!) { organization(slugOrId: $s) { id } }', { s });
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('This organization could not be found.');
    }
  });
});

describe('joining by an address on the organization’s domain', () => {
  it('sends a code to the address, and the right code makes the person a verified member', async () => {
    const wrong = await t.gql(
      'mutation { joinOrganization(email: "ana@nowhere.example") { codeSent } }',
      {},
      ana.headers,
    );
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    expect(wrong.errors?.[0]?.message).toBe(
      'No organization on Plaza verifies addresses at nowhere.example.',
    );

    const before = await t.gql<{ myself: { user: { isVerified: boolean; organizationId: number | null } } }>(
      '{ myself { user { isVerified organizationId } } }',
      {},
      ana.headers,
    );
    expect(before.data!.myself.user).toEqual({ isVerified: false, organizationId: null });

    const mail = 'Ana.Lopez@CS.uni.example';
    await t.gql(
      'mutation ($e: String!) { joinOrganization(email: $e) { codeSent } }',
      { e: mail },
      ana.headers,
    );
    expect((await lastMessageTo(t.dataDir, mail.toLowerCase())).subject).toBe(
      'Confirm your Uni Example address on Plaza',
    );
    const badCode = await t.gql(
      'mutation ($e: String!) { verifyOrganizationEmail(email: $e, code: "000000") { id } }',
      { e: mail },
      ana.headers,
    );
    expect(badCode.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });

    const verified = await joinUniByCode(ana, mail);
    expect(verified.errors).toBeUndefined();
    expect(verified.data!.verifyOrganizationEmail).toMatchObject({
      type: 'ORGANIZATION',
      email: 'ana.lopez@cs.uni.example',
      organizationId: uni.id,
      role: 'MEMBER',
    });

    const me = await t.gql<{
      myself: {
        user: {
          isVerified: boolean;
          organizationId: number;
          organizations: Array<{ id: number; name: string }>;
        };
        accounts: Array<{ type: string; email: string | null; organizationId: number | null }>;
      };
    }>(
      '{ myself { user { isVerified organizationId organizations { id name image } } accounts { id type email organizationId } } }',
      {},
      ana.headers,
    );
    expect(me.data!.myself.user).toEqual({
      isVerified: true,
      organizationId: uni.id,
      organizations: [{ id: uni.id, name: 'Uni Example', image: null }],
    });
    expect(me.data!.myself.accounts).toContainEqual(
      expect.objectContaining({
        type: 'ORGANIZATION',
        email: 'ana.lopez@cs.uni.example',
        organizationId: uni.id,
      }),
    );

    // Anyone sees the badge and the organization on her public profile.
    const profile = await t.gql<{
      publicUser: { isVerified: boolean; organizations: Array<{ name: string }> };
    }>(
      'query ($u: String!) { publicUser(username: $u) { isVerified organizationId organizations { name } } }',
      { u: ana.username },
    );
    expect(profile.data!.publicUser).toEqual({
      isVerified: true,
      organizationId: uni.id,
      organizations: [{ name: 'Uni Example' }],
    });
  });

  it('puts the organization in the person’s data export, apart from the ways they sign in', async () => {
    const res = await fetch(`${await t.url()}/api/me/export`, { headers: ana.headers });
    const archive = (await res.json()) as {
      signInMethods: Array<{ type: string }>;
      organizations: Array<{ name: string; email: string | null; role: string }>;
    };
    expect(archive.organizations).toEqual([
      expect.objectContaining({ name: 'Uni Example', email: 'ana.lopez@cs.uni.example', role: 'MEMBER' }),
    ]);
    expect(archive.signInMethods.map((m) => m.type)).toEqual(['EMAIL']);
  });

  it('refuses joining twice, and an address another person proved', async () => {
    const again = await t.gql(
      'mutation { joinOrganization(email: "ana2@uni.example") { codeSent } }',
      {},
      ana.headers,
    );
    expect(codeOf(again)).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toBe('You are already in Uni Example.');
    const taken = await t.gql(
      'mutation { joinOrganization(email: "ana.lopez@cs.uni.example") { codeSent } }',
      {},
      cai.headers,
    );
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
  });

  it('joins at once with the address the person signs in with, already proven', async () => {
    const dan = await signInWithEmail(t, 'dan@acme.example');
    await db()
      .update(users)
      .set({ username: 'dan_acme', first: 'Dan', onboardedAt: new Date() })
      .where(eq(users.id, dan.userId));
    const join = await t.gql<{
      joinOrganization: { codeSent: boolean; account: { organizationId: number; email: string } | null };
    }>(
      'mutation { joinOrganization(email: "DAN@acme.example") { codeSent account { organizationId email } } }',
      {},
      dan.headers,
    );
    expect(join.errors).toBeUndefined();
    expect(join.data!.joinOrganization).toEqual({
      codeSent: false,
      account: { organizationId: acme.id, email: 'dan@acme.example' },
    });
  });
});

describe('plans shown to an organization (spec 6)', () => {
  let planKey: string;

  beforeAll(async () => {
    await addOrganizationAccount(db(), { organization: uni, userId: bea.userId, email: null });
    const created = await t.gql<{
      createPlan: { key: string; organizationId: number; organization: { name: string } };
    }>(
      `mutation ($p: PlanInput!) { createPlan(plan: $p) { key isPublic organizationId organization { name } } }`,
      { p: { title: 'Study group', isPublic: false, organizationId: uni.id } },
      ana.headers,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createPlan).toMatchObject({
      organizationId: uni.id,
      organization: { name: 'Uni Example' },
    });
    planKey = created.data!.createPlan.key;
  });

  const viewPlan = (headers: Record<string, string> = {}) =>
    t.gql<{ plan: { title: string; permissions: { view: boolean; modify: boolean } } }>(
      'query ($k: String!) { plan(key: $k) { title permissions { view modify } } }',
      { k: planKey },
      headers,
    );

  const listed = async (headers: Record<string, string> = {}) => {
    const res = await t.gql<{ publicUserPlan: { plans: Array<{ key: string }> } }>(
      'query ($u: String!) { publicUserPlan(username: $u) { plans { key } } }',
      { u: ana.username },
      headers,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.publicUserPlan.plans.map((plan) => plan.key);
  };

  it('lets a member of the organization see the plan, by its key and in lists, without changing it', async () => {
    const res = await viewPlan(bea.headers);
    expect(res.errors).toBeUndefined();
    expect(res.data!.plan).toEqual({ title: 'Study group', permissions: { view: true, modify: false } });
    expect(await listed(bea.headers)).toContain(planKey);
  });

  it('hides it from people outside the organization and from signed-out visitors', async () => {
    expect(codeOf(await viewPlan(cai.headers))).toBe('NOT_FOUND');
    expect(codeOf(await viewPlan())).toBe('NOT_FOUND');
    expect(await listed(cai.headers)).not.toContain(planKey);
    expect(await listed()).not.toContain(planKey);
  });

  it('hides it again from someone who left the organization', async () => {
    const left = await t.gql<{ leaveOrganization: boolean }>(
      'mutation ($id: Int!) { leaveOrganization(id: $id) }',
      { id: uni.id },
      bea.headers,
    );
    expect(left.data!.leaveOrganization).toBe(true);
    expect(codeOf(await viewPlan(bea.headers))).toBe('NOT_FOUND');
    const twice = await t.gql(
      'mutation ($id: Int!) { leaveOrganization(id: $id) }',
      { id: uni.id },
      bea.headers,
    );
    expect(codeOf(twice)).toBe('NOT_FOUND');
    await addOrganizationAccount(db(), { organization: uni, userId: bea.userId, email: null });
  });

  it('refuses an organization the creator does not belong to', async () => {
    const res = await t.gql(
      'mutation ($p: PlanInput!) { createPlan(plan: $p) { key } }',
      { p: { title: 'Sneaky', organizationId: acme.id } },
      ana.headers,
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'organizationId' });
    const cleared = await t.gql<{ updatePlan: { organizationId: number | null } }>(
      'mutation ($k: String!) { updatePlan(key: $k, plan: { organizationId: null }) { organizationId } }',
      { k: planKey },
      ana.headers,
    );
    expect(cleared.data!.updatePlan.organizationId).toBeNull();
    expect(codeOf(await viewPlan(bea.headers))).toBe('NOT_FOUND');
    await t.gql(
      'mutation ($k: String!, $o: Int) { updatePlan(key: $k, plan: { organizationId: $o }) { key } }',
      { k: planKey, o: uni.id },
      ana.headers,
    );
    expect((await viewPlan(bea.headers)).errors).toBeUndefined();
  });
});

describe('ORGANIZATION_USERS suggestions', () => {
  it('suggest people of the viewer’s organizations, and only them', async () => {
    const res = await t.gql<{
      myFollowSuggestions: Array<{ suggestedReason: string; user: { id: number } }>;
    }>(
      '{ myFollowSuggestions(sources: [ORGANIZATION_USERS]) { suggestedReason user { id } } }',
      {},
      ana.headers,
    );
    expect(res.errors).toBeUndefined();
    const ids = res.data!.myFollowSuggestions.map((s) => s.user.id);
    expect(ids.sort()).toEqual([bea.userId, uniAdmin.userId].sort());
    expect(res.data!.myFollowSuggestions[0]!.suggestedReason).toBe('Also at Uni Example');
    const caiSees = await t.gql<{ myFollowSuggestions: unknown[] }>(
      '{ myFollowSuggestions(sources: [ORGANIZATION_USERS]) { user { id } } }',
      {},
      cai.headers,
    );
    expect(caiSees.data!.myFollowSuggestions).toEqual([]);
  });

  it('count people verified by an organization as VERIFIED_USERS, not REGULAR_USERS', async () => {
    const of = async (source: string) =>
      (
        await t.gql<{ myFollowSuggestions: Array<{ user: { id: number } }> }>(
          `{ myFollowSuggestions(sources: [${source}]) { user { id } } }`,
          {},
          cai.headers,
        )
      ).data!.myFollowSuggestions.map((s) => s.user.id);
    expect(await of('VERIFIED_USERS')).toContain(ana.userId);
    expect(await of('REGULAR_USERS')).not.toContain(ana.userId);
  });
});

describe('organization accounts and admins', () => {
  const accountsOf = (headers: Record<string, string> = {}) =>
    t.gql<{
      organization: { accounts: Array<{ email: string | null; role: string; user: { id: number } }> | null };
    }>(
      'query ($s: String!) { organization(slugOrId: $s) { viewerRole accounts { email role user { id } } } }',
      { s: 'uni-example' },
      headers,
    );

  it('shows the people only to members, and their addresses only to admins and to themselves', async () => {
    expect((await accountsOf()).data!.organization.accounts).toBeNull();
    expect((await accountsOf(cai.headers)).data!.organization.accounts).toBeNull();
    const asAdmin = (await accountsOf(uniAdmin.headers)).data!.organization.accounts!;
    expect(asAdmin[0]).toMatchObject({ role: 'ADMIN', user: { id: uniAdmin.userId } });
    expect(asAdmin.find((a) => a.user.id === ana.userId)?.email).toBe('ana.lopez@cs.uni.example');
    const asBea = (await accountsOf(bea.headers)).data!.organization.accounts!;
    expect(asBea.find((a) => a.user.id === ana.userId)?.email).toBeNull();
    const asAna = (await accountsOf(ana.headers)).data!.organization.accounts!;
    expect(asAna.find((a) => a.user.id === ana.userId)?.email).toBe('ana.lopez@cs.uni.example');
  });

  it('lets only the organization’s admins add and remove people', async () => {
    const add = (headers: Record<string, string>) =>
      t.gql<{ setOrganizationMember: { role: string; email: string | null; user: { id: number } } }>(
        'mutation ($id: Int!, $u: Int!) { setOrganizationMember(id: $id, userId: $u, role: MEMBER) { role email user { id } } }',
        { id: uni.id, u: cai.userId },
        headers,
      );
    const refused = await add(ana.headers);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.message).toBe('Only the admins of Uni Example can do this.');
    const added = await add(uniAdmin.headers);
    expect(added.errors).toBeUndefined();
    expect(added.data!.setOrganizationMember).toEqual({
      role: 'MEMBER',
      email: null,
      user: { id: cai.userId },
    });
    const [row] = await db()
      .select()
      .from(organizationAccounts)
      .where(eq(organizationAccounts.userId, cai.userId));
    expect(row).toMatchObject({ organizationId: uni.id, addedById: uniAdmin.userId });

    const remove = (headers: Record<string, string>) =>
      t.gql(
        'mutation ($id: Int!, $u: Int!) { removeOrganizationMember(id: $id, userId: $u) }',
        { id: uni.id, u: cai.userId },
        headers,
      );
    expect(codeOf(await remove(bea.headers))).toBe('FORBIDDEN');
    expect((await remove(uniAdmin.headers)).data).toEqual({ removeOrganizationMember: true });
    expect(codeOf(await remove(uniAdmin.headers))).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for an admin action on an unknown organization', async () => {
    const res = await t.gql(
      'mutation ($u: Int!) { setOrganizationMember(id: 999999, userId: $u) { role } }',
      { u: cai.userId },
      uniAdmin.headers,
    );
    expect(codeOf(res)).toBe('NOT_FOUND');
  });
});

describe('site administrators', () => {
  let admin: Awaited<ReturnType<typeof signInWithEmail>>;
  beforeAll(async () => {
    admin = await signInWithEmail(t, 'site.admin@example.org');
  });

  const create = (headers: Record<string, string>, args: string) =>
    t.gql<{ createOrganization: { name: string; slug: string; domains: string[] } }>(
      `mutation { createOrganization(${args}) { name slug domains } }`,
      {},
      headers,
    );

  it('alone may create organizations, with a clear refusal of bad or taken input', async () => {
    expect(codeOf(await create(ana.headers, 'name: "Ana Club"'))).toBe('FORBIDDEN');
    for (const [args, field] of [
      ['name: "  "', 'name'],
      ['name: "Uni 2", domains: ["uni.example"]', 'domains'],
      ['name: "Uni 3", domains: ["localhost"]', 'domains'],
      ['name: "Acme again", slug: "acme"', 'slug'],
      ['name: "Image", image: "https://elsewhere.example/logo.png"', 'image'],
    ] as const) {
      expect((await create(admin.headers, args)).errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    // The list test above counted five: this one is made last.
    const made = await create(admin.headers, 'name: "Oak Rangers", domains: ["@Rangers.example"]');
    expect(made.errors).toBeUndefined();
    expect(made.data!.createOrganization).toEqual({
      name: 'Oak Rangers',
      slug: 'oak-rangers',
      domains: ['rangers.example'],
    });
  });

  it('see any organization’s people and manage them', async () => {
    const seen = await t.gql<{
      organization: { accounts: Array<{ email: string | null; user: { id: number } }> };
    }>('{ organization(slugOrId: "uni-example") { accounts { email user { id } } } }', {}, admin.headers);
    expect(seen.data!.organization.accounts.find((a) => a.user.id === ana.userId)?.email).toBe(
      'ana.lopez@cs.uni.example',
    );
    const added = await t.gql(
      'mutation ($id: Int!, $u: Int!) { setOrganizationMember(id: $id, userId: $u, role: ADMIN) { role } }',
      { id: acme.id, u: cai.userId },
      admin.headers,
    );
    expect(added.data).toEqual({ setOrganizationMember: { role: 'ADMIN' } });
  });
});
