import { builder } from '../../graphql/builder.ts';

interface SignInMethods {
  emailCode: boolean;
  phoneCode: boolean;
  oidc: { providerId: string; name: string } | null;
}

const OidcProviderRef = builder.objectRef<{ providerId: string; name: string }>('OidcProvider').implement({
  fields: (t) => ({
    providerId: t.exposeString('providerId', {
      description: 'Pass as `provider` to POST /api/auth/sign-in/social.',
    }),
    name: t.exposeString('name', { description: 'Label of the "Continue with" button.' }),
  }),
});

const SignInMethodsRef = builder.objectRef<SignInMethods>('SignInMethods').implement({
  fields: (t) => ({
    emailCode: t.exposeBoolean('emailCode', { description: 'A one-time code by e-mail.' }),
    phoneCode: t.exposeBoolean('phoneCode', { description: 'A one-time code by text message.' }),
    oidc: t.field({
      type: OidcProviderRef,
      nullable: true,
      description: 'The external OpenID Connect provider; null when none is configured.',
      resolve: (methods) => methods.oidc,
    }),
  }),
});

builder.queryFields((t) => ({
  signInMethods: t.field({
    type: SignInMethodsRef,
    authScopes: { public: true },
    description: 'How people can sign in on this Plaza (the REST endpoints are under /api/auth).',
    resolve: (_root, _args, context) => ({ emailCode: true, phoneCode: true, oidc: context.auth.oidc }),
  }),
}));
