import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { checkWebhookTarget, embedsIPv4, targetProblem, type WebhookTargetRules } from './webhook-target';

/** The address and port rules of webhook targets, on literals (no name lookups). */
const open: WebhookTargetRules = { allowPrivate: true, allowedPorts: null };
const closed: WebhookTargetRules = { allowPrivate: false, allowedPorts: null };

describe('IPv6 literals that embed an IPv4 address', () => {
  const EMBEDDED = [
    '::7f00:1',
    '::127.0.0.1',
    '0:0:0:0:0:0:7f00:1',
    '0000:0000:0000:0000:0000:0000:7f00:0001',
    '::ffff:127.0.0.1',
    '::FFFF:7F00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '::ffff:0:127.0.0.1',
    '::a9fe:a9fe',
    '::ffff:169.254.169.254',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::8.8.8.8',
  ];
  it.each(EMBEDDED)('%s embeds one', (address) => {
    expect(embedsIPv4(address)).toBe(true);
  });
  it.each(['::1', '::', '2606:4700:4700::1111', 'fe80::1', '127.0.0.1', 'example.com'])('%s does not', (address) => {
    expect(embedsIPv4(address)).toBe(false);
  });

  it.each(EMBEDDED)('http://[%s]/ is refused at creation even with WEBHOOK_ALLOW_PRIVATE on', async (address) => {
    for (const rules of [open, closed])
      await expect(checkWebhookTarget(`http://[${address}]/hook`, rules)).rejects.toMatchObject({
        status: 400,
        detail: expect.stringMatching(/^url: IPv6 addresses that embed an IPv4 address/),
      });
  });

  it('the IPv6 loopback is a private target, allowed only with WEBHOOK_ALLOW_PRIVATE on', async () => {
    await expect(checkWebhookTarget('http://[::1]:9000/hook', open)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookTarget('http://[::1]:9000/hook', closed)).rejects.toMatchObject({
      detail: expect.stringContaining('WEBHOOK_ALLOW_PRIVATE=true'),
    });
  });
});

describe('ports', () => {
  const problem = (url: string, rules = closed) => targetProblem(new URL(url), rules);

  it('80, 443 and 1024–65535 pass, but the well-known services among them', () => {
    for (const url of ['http://1.1.1.1/', 'https://1.1.1.1/', 'http://1.1.1.1:80/', 'https://1.1.1.1:443/']) {
      expect(problem(url), url).toBeNull();
    }
    for (const port of [1024, 3000, 8080, 8443, 9000, 32768, 65535])
      expect(problem(`http://1.1.1.1:${port}/`), String(port)).toBeNull();
    for (const port of [
      1, 21, 22, 25, 81, 444, 1023, 1433, 1521, 2375, 2376, 3306, 5432, 5984, 6379, 9200, 11211, 27017,
    ])
      expect(problem(`http://1.1.1.1:${port}/`), String(port)).toMatch(new RegExp(`^port ${port} is not allowed`));
  });

  it('an operator list (WEBHOOK_ALLOWED_PORTS) replaces the rule: only its ports pass', () => {
    const config = loadConfig({ WEBHOOK_ALLOWED_PORTS: '443, 8443,9000-9002' });
    const rules = config.webhooks;
    expect([...rules.allowedPorts!]).toEqual([443, 8443, 9000, 9001, 9002]);
    expect(problem('https://1.1.1.1/', rules)).toBeNull();
    expect(problem('http://1.1.1.1:9001/', rules)).toBeNull();
    expect(problem('http://1.1.1.1/', rules)).toBe(
      'port 80 is not allowed for webhooks; this server allows 443, 8443, 9000, 9001, 9002 (WEBHOOK_ALLOWED_PORTS)',
    );
    expect(problem('http://1.1.1.1:8080/', rules)).toMatch(/^port 8080 is not allowed/);
  });

  it('a bad operator list stops the server with a sentence', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOWED_PORTS: '443,70000' })).toThrow(/WEBHOOK_ALLOWED_PORTS/);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_PORTS: 'https' })).toThrow(/WEBHOOK_ALLOWED_PORTS/);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_PORTS: '9000-8000' })).toThrow(/WEBHOOK_ALLOWED_PORTS/);
  });

  it('ports are checked whatever WEBHOOK_ALLOW_PRIVATE says', async () => {
    await expect(checkWebhookTarget('http://127.0.0.1:6379/', open)).rejects.toMatchObject({
      detail: expect.stringMatching(/^url: port 6379 is not allowed/),
    });
  });
});
