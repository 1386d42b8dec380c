import { parseArgs } from 'node:util';

export type OrganizationCommand =
  | {
      kind: 'create';
      name: string;
      slug: string | null;
      domains: string[];
      image: string | null;
      admins: string[];
    }
  | { kind: 'admin'; organization: string; people: string[] }
  | { kind: 'help'; problem: string | null };

export const ORGANIZATION_COMMAND_USAGE = `Usage:
  npm run org:create -- --name "Uni Example" --domain uni.example [--domain more.example] [--slug uni] [--image /media/…] [--admin <e-mail or username>]
  npm run org:admin -- --org <slug or id> --person <e-mail or username> [--person …]

org:create makes an organization whose verified e-mail domains let people join it with a code;
--admin (repeatable) makes existing people its admins. org:admin makes more people admins.`;

/** Reads the arguments of `npm run org:create` and `npm run org:admin`. */
export function parseOrganizationCommand(argv: string[]): OrganizationCommand {
  const [verb, ...rest] = argv;
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        slug: { type: 'string' },
        image: { type: 'string' },
        domain: { type: 'string', multiple: true },
        admin: { type: 'string', multiple: true },
        org: { type: 'string' },
        person: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    return { kind: 'help', problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help', problem: null };
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  if (verb === 'create') {
    if (typeof values.name !== 'string' || values.name.trim() === '')
      return { kind: 'help', problem: '--name is required.' };
    return {
      kind: 'create',
      name: values.name,
      slug: typeof values.slug === 'string' ? values.slug : null,
      domains: list(values.domain),
      image: typeof values.image === 'string' ? values.image : null,
      admins: list(values.admin),
    };
  }
  if (verb === 'admin') {
    if (typeof values.org !== 'string') return { kind: 'help', problem: '--org is required.' };
    const people = list(values.person);
    if (people.length === 0) return { kind: 'help', problem: 'Name at least one --person.' };
    return { kind: 'admin', organization: values.org, people };
  }
  return { kind: 'help', problem: verb ? `Unknown command "${verb}".` : null };
}
