import { assertNodeVersion } from '../../version-check.ts';

assertNodeVersion();

const path = await import('node:path');
const { or, sql } = await import('drizzle-orm');
const { loadConfig } = await import('../../config.ts');
const { openStore } = await import('../../db/client.ts');
const { organizationAccounts, users } = await import('../../db/schema/index.ts');
const { createOrganization, OrganizationInputError } = await import('./create-organization.ts');
const { findOrganization } = await import('./find-organization.ts');
const { ORGANIZATION_COMMAND_USAGE, parseOrganizationCommand } =
  await import('./organization-command-args.ts');

// `npm run org:create` and `npm run org:admin` (decision 0019): the operator's tools for
// organizations, on whatever store the environment points at. On the embedded store, stop the
// server first (one process at a time opens a PGlite folder).
/** A refusal the operator reads as it is, without a stack. */
class CommandError extends Error {}

const command = parseOrganizationCommand(process.argv.slice(2));
if (command.kind === 'help') {
  if (command.problem) console.error(command.problem);
  console.log(ORGANIZATION_COMMAND_USAGE);
  process.exit(command.problem ? 1 : 0);
}

const config = loadConfig();
// The same store `npm start` opens (app.ts): DATABASE_URL, or the db folder of PLAZA_DATA_DIR.
const store = await openStore({
  databaseUrl: config.databaseUrl,
  namedStatements: config.databaseNamedStatements,
  poolSize: config.databasePoolSize,
  pgliteDir: path.join(config.dataDir, 'db'),
});
const db = store.db;

async function makeAdmins(organizationId: number, people: string[]): Promise<string[]> {
  const done: string[] = [];
  for (const person of people) {
    const wanted = person.trim().toLowerCase().replace(/^@/, '');
    const [user] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${wanted}`, sql`lower(${users.username}) = ${wanted}`));
    if (!user) throw new CommandError(`Nobody on this Plaza has the e-mail address or username "${person}".`);
    await db
      .insert(organizationAccounts)
      .values({ organizationId, userId: user.id, role: 'ADMIN' })
      .onConflictDoUpdate({
        target: [organizationAccounts.organizationId, organizationAccounts.userId],
        set: { role: 'ADMIN' },
      });
    done.push(`@${user.username}`);
  }
  return done;
}

try {
  if (command.kind === 'create') {
    const organization = await createOrganization(db, command);
    const domains = command.domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, ''));
    const admins = await makeAdmins(organization.id, command.admins);
    console.log(
      `Organization ${organization.id} "${organization.name}" (slug ${organization.slug}) made` +
        (domains.length ? `; addresses at ${domains.join(', ')} may join it` : '') +
        (admins.length ? `; admins: ${admins.join(', ')}` : '') +
        '.',
    );
  } else {
    const organization = await findOrganization(db, command.organization).catch(() => {
      throw new CommandError(`There is no organization "${command.organization}".`);
    });
    const admins = await makeAdmins(organization.id, command.people);
    console.log(`${admins.join(', ')} now admin${admins.length > 1 ? 's' : ''} of "${organization.name}".`);
  }
} catch (error) {
  console.error(
    error instanceof OrganizationInputError || error instanceof CommandError ? error.message : error,
  );
  process.exitCode = 1;
} finally {
  await store.close();
}
