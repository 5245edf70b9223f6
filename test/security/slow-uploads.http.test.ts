import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';

/**
 * Uploads that stop or trickle (issue 34, point 9) are ended with 408 and their connection closed,
 * with a real client on loopback. The limits are short here through the same settings an operator
 * uses (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_MIN_BYTES_PER_SECOND).
 */
describe('slow upload bodies', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      jobs: false,
      env: { UPLOAD_IDLE_TIMEOUT_MS: '300', UPLOAD_MIN_BYTES_PER_SECOND: '2000' },
    });
    org = await createOrgWithRoles(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /**
   * Sends the request head and the start of a multipart body announcing 1 MB, then `drip` (called
   * until the server answers); resolves with what the server sent once it closes the connection.
   */
  function slowUpload(drip: (socket: net.Socket) => void): Promise<{ status: number; body: string; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        const boundary = 'slowBoundary';
        socket.write(
          'POST /api/v1/tests/suites/import-yaml HTTP/1.1\r\nHost: simdeck.test\r\n' +
            `Authorization: Bearer ${org.developer.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1048576\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.yaml"\r\n\r\nname: x\n`,
        );
        const tick = () => {
          if (received) return;
          drip(socket);
          timer = setTimeout(tick, 25);
        };
        tick();
      });
      socket.on('data', (d) => (received += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        const [head = '', body = ''] = received.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body, closed: true });
      });
    });
  }

  it('a body that stops is ended with 408 and the connection closed', async () => {
    let sent = false;
    // A good start (above the minimum rate for the first window), then nothing.
    const res = await slowUpload((socket) => {
      if (!sent) socket.write('#'.repeat(4000));
      sent = true;
    });
    expect(res.status, res.body).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The upload stalled: no data for 0.3 s' });
  });

  it('a body trickling a byte at a time is ended with 408 naming the minimum rate', async () => {
    const res = await slowUpload((socket) => socket.write('#'));
    expect(res.status, res.body).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The upload is too slow: under 2 KB/s for 0.3 s' });
  });

  it('a body at a steady pace above the minimum is read to its end', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests/suites/import-yaml',
      headers: {
        authorization: `Bearer ${org.developer.token}`,
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload:
        '--b\r\nContent-Disposition: form-data; name="file"; filename="s.yaml"\r\n\r\nname: steady\ncases: []\n\r\n--b--\r\n',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
