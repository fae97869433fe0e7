import { z } from 'zod';
import { single } from '../api/pagination.js';
import { credentialProcedure } from '../api/trpc.js';
import { SCOPES } from '../domain/scopes.js';

const whoamiSchema = z
  .object({
    key_id: z
      .string()
      .meta({ description: 'Public id of the credential: key_… for API keys, the OAuth client id for access tokens.' }),
    env: z.enum(['live', 'test']),
    scopes: z.array(z.enum(SCOPES)),
    credential: z.enum(['api_key', 'oauth_access_token']),
  })
  .meta({ id: 'Whoami' });

export const whoami = credentialProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/whoami',
      tags: ['credentials'],
      summary: 'The presented credential',
      description: 'Needs a valid credential, no particular scope.',
    },
  })
  .input(z.void())
  .output(single(whoamiSchema, 'WhoamiResponse'))
  .query(({ ctx }) => {
    const { keyId, env, scopes, kind } = ctx.credential;
    return { data: { key_id: keyId, env, scopes: [...scopes], credential: kind } };
  });
