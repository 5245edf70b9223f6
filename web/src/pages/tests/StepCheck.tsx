import { Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api, ok } from '../../api/client';
import type { StepCheck } from '../../api/types';

/** Waits this long after the last keystroke before asking the API (docs/console.md). */
export const CHECK_DEBOUNCE_MS = 400;

export interface StepChecks {
  steps: (StepCheck | undefined)[];
  assertions: (StepCheck | undefined)[];
}

/**
 * Reads the editor's unsaved steps and assertions with the free interpreter as the author types:
 * one request per pause in typing, the previous one cancelled. A line's check is shown only while
 * its text is the text that was checked, so a stale answer never labels a changed line.
 */
export function useStepChecks(caseId: string, steps: string[], assertions: string[]): StepChecks {
  const [answer, setAnswer] = useState<StepCheck[]>([]);
  const key = JSON.stringify([steps, assertions]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the two arrays
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ok(
        api.POST('/api/v1/tests/cases/{case_id}/check-steps', {
          params: { path: { case_id: caseId } },
          body: { steps, assertions },
          signal: controller.signal,
        }),
      )
        .then((r) => {
          if (!controller.signal.aborted) setAnswer(r.steps);
        })
        // A failed check only leaves the lines unlabelled: saving never depends on it.
        .catch(() => undefined);
    }, CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [caseId, key]);
  const pick = (kind: StepCheck['kind'], texts: string[]) =>
    texts.map((text, i) => answer.find((a) => a.kind === kind && a.index === i && a.text === text));
  return { steps: pick('step', steps), assertions: pick('assertion', assertions) };
}

const LOOK = {
  understood: { icon: IconCheck, color: 'teal', label: 'Understood' },
  needs_model: { icon: IconSparkles, color: 'grape', label: 'Needs a model' },
  not_understood: { icon: IconAlertTriangle, color: 'orange', label: 'Not understood' },
} as const;

/** An input's props that show its line's reading under it, as its accessible description. */
export function checkDescription(check: StepCheck | undefined) {
  return {
    description: check?.text.trim() ? <StepCheckNote check={check} /> : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
}

/** One line's reading, in words (the colour and icon only repeat them); inline, inside the description. */
function StepCheckNote({ check }: { check: StepCheck }) {
  const look = LOOK[check.status];
  const Icon = look.icon;
  const detail =
    check.status === 'understood'
      ? `as ${check.intent ?? 'a step'}`
      : [check.reason, check.suggestions.length ? `Did you mean: ${check.suggestions.join(' · ')}` : null]
          .filter(Boolean)
          .join('. ');
  return (
    // Words in the text colour (contrast in both schemes); the icon's colour only repeats them.
    <Text span size="xs" c="var(--mantine-color-text)" data-testid="step-check" data-status={check.status}>
      <Icon
        size={12}
        aria-hidden
        color={`var(--mantine-color-${look.color}-filled)`}
        style={{ verticalAlign: -2, marginRight: 4 }}
      />
      <strong>{look.label}</strong> {detail}
    </Text>
  );
}
