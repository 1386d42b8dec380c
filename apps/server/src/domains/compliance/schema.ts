import { builder } from '../../graphql/builder.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { confirmCompliance, getComplianceMessage, type ComplianceMessage } from './compliance-message.ts';

const ComplianceMessageRef = builder.objectRef<ComplianceMessage>('ComplianceMessage').implement({
  description: 'A message the operator shows signed-in people until they confirm it (spec 3).',
  fields: (t) => ({
    complianceMessage: t.exposeString('complianceMessage'),
    confirmMessage: t.exposeString('confirmMessage', {
      nullable: true,
      description: 'What the person confirms (the button’s words); null when the message only informs.',
    }),
    confirmRequired: t.exposeBoolean('confirmRequired', {
      description: 'The person must confirm before going on; otherwise they may just close it.',
    }),
    version: t.exposeString('version', { description: 'What confirmCompliance takes.' }),
  }),
});

builder.queryFields((t) => ({
  getComplianceMessage: t.field({
    type: ComplianceMessageRef,
    nullable: true,
    authScopes: { public: true },
    description:
      'The compliance message; null when there is none or the signed-in person confirmed this version of it.',
    resolve: (_root, _args, context) => getComplianceMessage(context),
  }),
}));

builder.mutationFields((t) => ({
  confirmCompliance: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Records that the person read (and confirmed) the message of this version; a version that is no longer current is BAD_USER_INPUT.',
    args: { version: t.arg.string({ required: true }) },
    resolve: async (_root, { version }, context) => {
      await confirmCompliance(context, (await requireViewerUser(context)).id, version);
      return true;
    },
  }),
}));
