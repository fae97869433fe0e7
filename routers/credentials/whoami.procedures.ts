/** GET /v1/whoami (whoami over tRPC): the presented credential's key id, environment, scopes and employee. */
import { z } from 'zod';
import { single } from '../../core/pagination.js';
import { SCOPES } from '../../core/scopes.js';
import { credentialProcedure } from '../../core/trpc.js';

const whoamiSchema = z
  .object({
    key_id: z
      .string()
      .meta({ description: 'Public id of the credential: key_… for API keys, the OAuth client id for access tokens.' }),
    env: z.enum(['live', 'test']),
    scopes: z.array(z.enum(SCOPES)),
    credential: z.enum(['api_key', 'oauth_access_token']),
    employee_id: z.uuid().nullable().meta({
      description:
        "The signed-in employee's `id` for an employee's own token (a first-party app's sign-in); null for API keys and client-credentials tokens.",
    }),
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
    const { keyId, env, scopes, kind, employeeId } = ctx.credential;
    return { data: { key_id: keyId, env, scopes: [...scopes], credential: kind, employee_id: employeeId ?? null } };
  });
