import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/db/schema';
import type { TestApp } from './app';
import { bearer, type OrgWithRoles } from './factories';

export interface AuthCaseEnv {
  t: TestApp;
  /** The caller's organization. */
  a: OrgWithRoles;
  /** Another organization, whose resources must look absent to `a`. */
  b: OrgWithRoles;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAuthCase {
  method: Method;
  /** A URL that org A's admin may call successfully. */
  url: (env: AuthCaseEnv) => string | Promise<string>;
  /** A valid body, so that the role check is what decides. */
  body?: (env: AuthCaseEnv) => unknown;
  /** The lowest role allowed; lower roles get 403. */
  minRole: Role;
  /** The same route addressing a resource of org B: org A's admin must get 404. */
  otherOrgUrl?: (env: AuthCaseEnv) => string | Promise<string>;
}

const BELOW: Record<Role, Role[]> = { viewer: [], developer: ['viewer'], admin: ['viewer', 'developer'] };

/**
 * For each route: 401 without a token, with a malformed token and with a forged JWT; 403 for every
 * role below the minimum; 404 for another organization's id.
 */
export function describeAuthCases(getEnv: () => AuthCaseEnv, cases: RouteAuthCase[]): void {
  for (const c of cases) {
    describe(`${c.method} auth cases (${c.minRole}+)`, () => {
      const call = async (url: string, headers: Record<string, string>) => {
        const env = getEnv();
        const body = c.body?.(env);
        return env.t.app.inject({
          method: c.method,
          url,
          headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
      };

      it('401 without a token', async () => {
        const res = await call(await c.url(getEnv()), {});
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toHaveProperty('detail');
      });

      it('401 with a malformed or forged token', async () => {
        const url = await c.url(getEnv());
        for (const token of [
          'garbage',
          'tok_doesnotexist000000000000000000000000',
          'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwib3JnIjoxLCJ2ZXIiOjB9.c2lnbmF0dXJl',
        ]) {
          const res = await call(url, bearer(token));
          expect(res.statusCode, `${token}: ${res.body}`).toBe(401);
        }
      });

      for (const role of BELOW[c.minRole]) {
        it(`403 for ${role}`, async () => {
          const env = getEnv();
          const res = await call(await c.url(env), bearer(env.a[role].token));
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toHaveProperty('detail');
        });
      }

      if (c.otherOrgUrl) {
        it("404 for another organization's id", async () => {
          const env = getEnv();
          const res = await call(await c.otherOrgUrl!(env), bearer(env.a.admin.token));
          expect(res.statusCode, res.body).toBe(404);
        });
      }
    });
  }
}
