import type { Command } from 'commander';
import { examples, loggedInClient } from '../output';

export function registerMcpCommand(program: Command): void {
  examples(
    program
      .command('mcp')
      .description(
        'Serve the simdeck tools to a coding agent over MCP (stdio): sessions, device tools, apps and test runs',
      )
      .addHelpText(
        'after',
        '\nRegister it in your MCP client with command "npx", args ["simdeck", "mcp"], and env SIMDECK_URL and SIMDECK_TOKEN (or log in once with `simdeck login`). See docs/mcp.md.',
      )
      .action(async () => {
        let api: ReturnType<typeof loggedInClient>;
        try {
          api = loggedInClient();
        } catch (err) {
          process.stderr.write(`error: ${(err as Error).message}\n`);
          process.exitCode = 2;
          return;
        }
        // Loaded here: the SDK is only needed by this command.
        const { serveMcpOnStdio } = await import('../mcp/server');
        await serveMcpOnStdio(api);
      }),
    ['simdeck mcp', 'SIMDECK_URL=https://simdeck.example.com SIMDECK_TOKEN=tok_… simdeck mcp'],
  );
}
