import type { Command } from 'commander';
import { ApiClient, UsageError } from '../api-client';
import { configPath, normaliseUrl, removeLogin, resolveLogin, writeLogin, type StoredLogin } from '../config-store';
import { action, examples, loggedInClient, output, type CommonOptions } from '../output';
import { resolveSecret } from '../secret-input';

interface Organization {
  id: number;
  name: string;
}
interface Account {
  access_token: string;
  email: string;
  role: string;
  organization_id: number;
}

interface LoginOptions extends CommonOptions {
  url?: string;
  token?: string;
  tokenStdin?: boolean;
  email?: string;
  password?: string;
  passwordStdin?: boolean;
}

/**
 * Logging in with an API token stores the token. Logging in with email and password signs in
 * (POST /auth/login) and stores the access token it returns: creating an API token needs the
 * admin role, and the access token works for every role (it lasts 7 days; log in again after).
 * The token (or password) comes from SIMDECK_TOKEN (SIMDECK_PASSWORD), standard input, or a
 * prompt that does not echo; on the command line it still works, with a warning.
 */
async function login(o: LoginOptions): Promise<StoredLogin> {
  const url = o.url ?? process.env.SIMDECK_URL;
  if (!url) throw new UsageError('--url is required (or set SIMDECK_URL)');
  if (!/^https?:\/\//.test(url)) throw new UsageError('--url must start with http:// or https://');
  const base = normaliseUrl(url);
  if ((o.token !== undefined || o.tokenStdin) && o.email)
    throw new UsageError('give either a token or --email, not both');
  if (o.token !== undefined && o.tokenStdin) throw new UsageError('give either --token or --token-stdin, not both');
  if (o.password !== undefined && o.passwordStdin)
    throw new UsageError('give either --password or --password-stdin, not both');
  if (!o.email) {
    const token = await resolveSecret({
      flag: { name: '--token', value: o.token },
      fromStdin: !!o.tokenStdin,
      envName: 'SIMDECK_TOKEN',
      prompt: 'API token (tok_…): ',
    });
    if (!token)
      throw new UsageError(
        'no API token: set SIMDECK_TOKEN, pipe it in (--token-stdin), or run on a terminal to be asked; or sign in with --email',
      );
    const orgs = await new ApiClient(base, token.value).get<Organization[]>('/organizations/');
    return {
      url: base,
      token: token.value,
      kind: 'api_token',
      organization_id: orgs[0]?.id,
      organization_name: orgs[0]?.name,
    };
  }
  const password = await resolveSecret({
    flag: { name: '--password', value: o.password },
    fromStdin: !!o.passwordStdin,
    envName: 'SIMDECK_PASSWORD',
    prompt: `Password for ${o.email}: `,
  });
  if (!password)
    throw new UsageError(
      'no password: set SIMDECK_PASSWORD, pipe it in (--password-stdin), or run on a terminal to be asked',
    );
  const account = await new ApiClient(base, null).post<Account>('/auth/login', {
    email: o.email,
    password: password.value,
  });
  const org = await new ApiClient(base, account.access_token).get<Organization>(
    `/organizations/${account.organization_id}`,
  );
  return {
    url: base,
    token: account.access_token,
    kind: 'access_token',
    email: account.email,
    role: account.role,
    organization_id: org.id,
    organization_name: org.name,
  };
}

export function registerAuthCommands(program: Command): void {
  examples(
    program
      .command('login')
      .description('Store the server URL and a token in your config directory (file mode 600)')
      .option('--url <url>', 'the simdeck server, e.g. https://simdeck.example.com (default $SIMDECK_URL)')
      .option(
        '--token <token>',
        "an API token (tok_…) made under your organization's API tokens; visible in `ps` and history: prefer $SIMDECK_TOKEN, --token-stdin or the prompt",
      )
      .option('--token-stdin', 'read the API token from standard input')
      .option('--email <email>', 'sign in with your account instead; stores the access token of the sign-in')
      .option('--password <password>', 'the account password; prefer $SIMDECK_PASSWORD, --password-stdin or the prompt')
      .option('--password-stdin', 'read the password from standard input')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: LoginOptions) => {
          const stored = await login(o);
          const file = writeLogin(stored);
          const { token: _token, ...shown } = stored;
          output(o, { ...shown, config_path: file }, () =>
            console.log(
              `Logged in to ${stored.url}${stored.organization_name ? ` (${stored.organization_name})` : ''}; saved to ${file}`,
            ),
          );
        }),
      ),
    [
      'simdeck login --url https://simdeck.example.com          # asks for the token, without echoing it',
      'printf %s "$SIMDECK_CI_TOKEN" | simdeck login --url https://simdeck.example.com --token-stdin',
      'SIMDECK_TOKEN=tok_… simdeck login --url https://simdeck.example.com',
      'simdeck login --url https://simdeck.example.com --email me@example.com   # asks for the password',
    ],
  );

  examples(
    program
      .command('whoami')
      .description('Show the server, the account or token in use, and its organizations')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions) => {
          const login = resolveLogin();
          const orgs = await loggedInClient().get<Organization[]>('/organizations/');
          const stored = login?.source === 'config' ? login.stored : null;
          const who = {
            url: login!.url,
            source: login!.source,
            kind: stored?.kind ?? (login!.token.startsWith('tok_') ? 'api_token' : 'access_token'),
            email: stored?.email ?? null,
            role: stored?.role ?? null,
            organizations: orgs,
          };
          output(o, who, () => {
            console.log(
              `server:        ${who.url}${who.source === 'config' ? '' : ` (from ${who.source === 'env' ? 'SIMDECK_URL/SIMDECK_TOKEN' : 'the environment and the config file'})`}`,
            );
            console.log(
              `signed in as:  ${who.email ? `${who.email} (${who.role})` : `an ${who.kind === 'api_token' ? 'API token' : 'access token'}`}`,
            );
            console.log(`organization:  ${orgs.map((x) => `${x.name} (#${x.id})`).join(', ')}`);
          });
        }),
      ),
    ['simdeck whoami', 'SIMDECK_URL=https://simdeck.example.com SIMDECK_TOKEN=tok_… simdeck whoami --json'],
  );

  examples(
    program
      .command('logout')
      .description('Forget the stored login (the token itself stays valid until revoked)')
      .option('--json', 'machine-readable output')
      .action(
        action(async (o: CommonOptions) => {
          const removed = removeLogin();
          output(o, { logged_out: removed, config_path: configPath() }, () =>
            console.log(removed ? `Removed ${configPath()}` : 'Not logged in'),
          );
        }),
      ),
    ['simdeck logout'],
  );
}
