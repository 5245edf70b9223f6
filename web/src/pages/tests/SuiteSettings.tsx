import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { SuiteDetail } from '../../api/types';
import { ErrorAlert, notify } from '../../components/feedback';
import { TAG_PATTERN } from './SuitesPage';

type ResetStrategy = SuiteDetail['reset_strategy'];
type Accessibility = SuiteDetail['accessibility'];

/** The suite's settings: name, tags, reset strategy, agent context, variables and visual tiers. */
export function SuiteSettings({ suite, canEdit }: { suite: SuiteDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(suite.name);
  const [description, setDescription] = useState(suite.description ?? '');
  const [reset, setReset] = useState<ResetStrategy>(suite.reset_strategy);
  const [accessibility, setAccessibility] = useState<Accessibility>(suite.accessibility);
  const [context, setContext] = useState(suite.context ?? '');
  const [tags, setTags] = useState(suite.tags.map((t) => t.name));
  const [variables, setVariables] = useState<Array<[string, string]>>(
    Object.entries(suite.variables ?? {}).map(([k, v]) => [k, String(v)]),
  );
  const [warn, setWarn] = useState<number | null>(suite.visual_regression_warn_pct);
  const [fail, setFail] = useState<number | null>(suite.visual_regression_fail_pct);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const badTag = tags.find((t) => !TAG_PATTERN.test(t));
  const tierProblem =
    warn !== null && fail !== null && warn >= fail ? 'The warning threshold must be below the failure threshold' : null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await ok(
        api.PATCH('/api/v1/tests/suites/{suite_id}', {
          params: { path: { suite_id: suite.public_id } },
          body: {
            name,
            description,
            reset_strategy: reset,
            accessibility,
            context: context || null,
            tags,
            variables: Object.fromEntries(variables.filter(([k]) => k.trim()).map(([k, v]) => [k.trim(), v])),
            visual_regression_warn_pct: warn,
            visual_regression_fail_pct: fail,
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['suite', suite.public_id] });
      await queryClient.invalidateQueries({ queryKey: ['suites'] });
      notify.ok('Suite settings saved.');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save}>
      <Stack maw={640}>
        <ErrorAlert error={error} title="Could not save" />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={!canEdit}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={!canEdit}
        />
        <TagsInput
          label="Tags"
          description="Lowercase letters, digits, - and _; CI runs suites by tag"
          value={tags}
          onChange={setTags}
          error={badTag ? `“${badTag}” is not a valid tag` : undefined}
          disabled={!canEdit}
        />
        <Select
          label="Reset before each case"
          allowDeselect={false}
          value={reset}
          onChange={(v) => setReset((v as ResetStrategy) ?? 'relaunch')}
          disabled={!canEdit}
          data={[
            { value: 'relaunch', label: 'Relaunch the app' },
            { value: 'clear_data', label: 'Clear the app’s data, then launch' },
            { value: 'reinstall', label: 'Reinstall the app' },
          ]}
        />
        <Select
          label="Accessibility check"
          description="Every step's screen is checked for missing labels, small targets, low contrast and duplicate labels"
          allowDeselect={false}
          value={accessibility}
          onChange={(v) => setAccessibility((v as Accessibility) ?? 'warn')}
          disabled={!canEdit}
          data={[
            { value: 'warn', label: 'Report findings' },
            { value: 'fail', label: 'Fail runs with findings' },
            { value: 'off', label: 'Off' },
          ]}
        />
        <Textarea
          label="Context for the agent"
          description="What the AI should know about the app; {{variables}} are filled in"
          autosize
          minRows={2}
          value={context}
          onChange={(e) => setContext(e.currentTarget.value)}
          disabled={!canEdit}
        />
        <Stack gap={4}>
          <Title order={4}>Variables</Title>
          <Text size="sm" c="dimmed">
            Written as {'{{name}}'} in steps, assertions and context.
          </Text>
          {variables.map(([k, v], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
            <Group key={i} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Variable ${i + 1} name`}
                placeholder="name"
                value={k}
                onChange={(e) =>
                  setVariables(variables.map((row, j) => (j === i ? [e.currentTarget.value, row[1]] : row)))
                }
                disabled={!canEdit}
              />
              <TextInput
                aria-label={`Variable ${i + 1} value`}
                placeholder="value"
                value={v}
                onChange={(e) =>
                  setVariables(variables.map((row, j) => (j === i ? [row[0], e.currentTarget.value] : row)))
                }
                disabled={!canEdit}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove variable ${k || i + 1}`}
                onClick={() => setVariables(variables.filter((_, j) => j !== i))}
                disabled={!canEdit}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          {canEdit ? (
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setVariables([...variables, ['', '']])}
              >
                Add variable
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap={4}>
          <Title order={4}>Visual regression</Title>
          <Text size="sm" c="dimmed">
            Each step’s screenshot is compared with its baseline. A difference at or above a threshold warns or fails
            the step.
          </Text>
          <Tier label="Warn" value={warn} onChange={setWarn} fallback={10} disabled={!canEdit} />
          <Tier label="Fail" value={fail} onChange={setFail} fallback={25} disabled={!canEdit} />
          {tierProblem ? (
            <Text c="red" size="sm">
              {tierProblem}
            </Text>
          ) : null}
        </Stack>
        {canEdit ? (
          <Group>
            <Button type="submit" loading={busy} disabled={!!badTag || !!tierProblem}>
              Save settings
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

function Tier({
  label,
  value,
  onChange,
  fallback,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  fallback: number;
  disabled: boolean;
}) {
  return (
    <Group gap="sm" align="center">
      <Switch
        label={`${label} when the difference reaches`}
        checked={value !== null}
        onChange={(e) => onChange(e.currentTarget.checked ? fallback : null)}
        disabled={disabled}
        w={260}
      />
      <NumberInput
        aria-label={`${label} at this percent difference`}
        suffix=" %"
        min={0}
        max={100}
        value={value ?? ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        disabled={disabled || value === null}
        w={120}
      />
    </Group>
  );
}
