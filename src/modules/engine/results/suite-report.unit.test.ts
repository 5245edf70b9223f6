import { describe, expect, it } from 'vitest';
import { esc, renderSuiteReport, safeUrl } from './suite-report';

describe('the suite run HTML report', () => {
  const hostile = `<script>alert(1)</script>"'&`;
  const html = renderSuiteReport({
    title: hostile,
    status: 'failed',
    generatedAt: '2026-06-01T12:00:00',
    sections: [
      {
        target: `ios <b>tablet</b>`,
        suiteRunId: 'srun_1',
        status: 'failed',
        durationMs: 1200,
        error: hostile,
        shards: [{ index: 0, deviceName: hostile, cases: 1, status: 'finished' }],
        cases: [
          {
            name: hostile,
            status: 'failed',
            flaky: true,
            quarantined: true,
            shard: 0,
            deviceName: 'Pixel',
            attempts: [
              {
                attempt: 1,
                runId: 'run_1',
                status: 'failed',
                durationMs: 10,
                error: hostile,
                runUrl: 'https://simdeck.test/runs/run_1',
                videoUrl: 'javascript:alert(1)',
                logsUrl: '/api/v1/tests/runs/run_1/logs',
                steps: [
                  {
                    index: 0,
                    text: hostile,
                    status: 'failed',
                    durationMs: 5,
                    error: hostile,
                    screenshot: { src: 'https://evil.test/x.jpg', alt: hostile },
                    visual: { diffPct: 1.5, verdict: 'warn', diff: { src: 'data:image/jpeg;base64,AAAA', alt: 'd' } },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });

  it('escapes every text and attribute: no markup of a run reaches the page', () => {
    expect(html).not.toMatch(/<script|<b>tablet/);
    expect(html).toContain(esc(hostile));
    expect(esc(hostile)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it('fetches nothing: images only as data URIs, links only http(s) or server paths', () => {
    expect(html).not.toContain('evil.test');
    expect(html).toContain('src="data:image/jpeg;base64,AAAA"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="/api/v1/tests/runs/run_1/logs"');
    expect(html).toContain("default-src 'none'");
    expect(safeUrl('//evil.test/x')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('https://simdeck.test/v.mp4')).toBe('https://simdeck.test/v.mp4');
  });

  it('marks flaky and quarantined cases', () => {
    expect(html).toContain('class="mark flaky"');
    expect(html).toContain('class="mark quarantined"');
  });
});
