import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import type { StepCheck, StepValue } from '../../api/types';
import { checkDescription } from './StepCheck';

type Step = Exclude<StepValue, string>;
type VisualMode = 'default' | 'skip' | 'custom';

/**
 * A case's steps, in order: each a sentence, with its visual check (the suite's tiers, skipped, or
 * tiers of its own). Recorded action indices ride along untouched.
 */
export function StepsEditor({
  steps,
  onChange,
  disabled,
  checks = [],
}: {
  steps: Step[];
  onChange: (s: Step[]) => void;
  disabled: boolean;
  /** How the interpreter reads each step (StepCheck.tsx), shown under it. */
  checks?: (StepCheck | undefined)[];
}) {
  const set = (i: number, patch: Partial<Step>) => onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: number) => {
    const next = [...steps];
    const [item] = next.splice(i, 1);
    if (item) next.splice(i + by, 0, item);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      {steps.length === 0 ? <Text c="dimmed">No steps yet.</Text> : null}
      {steps.map((step, i) => {
        const mode: VisualMode = step.visual?.mode ?? 'default';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are plain values edited in place
          <Stack key={i} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text w={24} ta="right" c="dimmed" size="sm" pt={8}>
                {i + 1}
              </Text>
              <TextInput
                aria-label={`Step ${i + 1}`}
                {...checkDescription(checks[i])}
                value={step.text}
                onChange={(e) => set(i, { text: e.currentTarget.value })}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <Select
                aria-label={`Step ${i + 1} visual check`}
                w={150}
                allowDeselect={false}
                value={mode}
                disabled={disabled}
                onChange={(v) =>
                  set(i, {
                    visual:
                      v === 'custom'
                        ? { mode: 'custom', warn_pct: 10, fail_pct: 25 }
                        : { mode: (v as VisualMode) ?? 'default' },
                  })
                }
                data={[
                  { value: 'default', label: 'Suite tiers' },
                  { value: 'skip', label: 'No visual check' },
                  { value: 'custom', label: 'Own tiers' },
                ]}
              />
              <ActionIcon
                variant="subtle"
                aria-label={`Move step ${i + 1} up`}
                disabled={disabled || i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move step ${i + 1} down`}
                disabled={disabled || i === steps.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove step ${i + 1}`}
                disabled={disabled}
                onClick={() => onChange(steps.filter((_, j) => j !== i))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
            {mode === 'custom' ? (
              <Group gap="xs" pl={32}>
                <NumberInput
                  aria-label={`Step ${i + 1} warn percent`}
                  label="Warn at %"
                  min={0}
                  max={100}
                  w={110}
                  value={step.visual?.warn_pct ?? 10}
                  onChange={(v) => set(i, { visual: { ...step.visual, mode: 'custom', warn_pct: Number(v) } })}
                  disabled={disabled}
                />
                <NumberInput
                  aria-label={`Step ${i + 1} fail percent`}
                  label="Fail at %"
                  min={0}
                  max={100}
                  w={110}
                  value={step.visual?.fail_pct ?? 25}
                  onChange={(v) => set(i, { visual: { ...step.visual, mode: 'custom', fail_pct: Number(v) } })}
                  disabled={disabled}
                />
              </Group>
            ) : null}
            {step.action_indices?.length ? (
              <Text size="xs" c="dimmed" pl={32}>
                replays recorded action{step.action_indices.length > 1 ? 's' : ''}{' '}
                {step.action_indices.map((n) => n + 1).join(', ')}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {disabled ? null : (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...steps, { text: '' }])}
          >
            Add step
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Assertions checked at the end of a run, one sentence each. */
export function AssertionsEditor({
  assertions,
  onChange,
  disabled,
  checks = [],
}: {
  assertions: string[];
  onChange: (a: string[]) => void;
  disabled: boolean;
  checks?: (StepCheck | undefined)[];
}) {
  return (
    <Stack gap="xs">
      {assertions.length === 0 ? <Text c="dimmed">No assertions: the case passes when every step does.</Text> : null}
      {assertions.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: assertions are plain strings edited in place
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`Assertion ${i + 1}`}
            {...checkDescription(checks[i])}
            value={a}
            onChange={(e) => onChange(assertions.map((x, j) => (j === i ? e.currentTarget.value : x)))}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove assertion ${i + 1}`}
            disabled={disabled}
            onClick={() => onChange(assertions.filter((_, j) => j !== i))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      {disabled ? null : (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...assertions, ''])}
          >
            Add assertion
          </Button>
        </Group>
      )}
    </Stack>
  );
}
