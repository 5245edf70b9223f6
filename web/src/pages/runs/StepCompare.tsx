import { Box, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StepResult } from '../../api/types';
import { AuthedImage } from '../../components/AuthedImage';

type View = 'side' | 'slider' | 'diff';

/**
 * A step's screenshot against its baseline: side by side, one over the other with a slider, or
 * the difference image the visual comparison wrote.
 */
export function StepCompare({ step, caseId }: { step: StepResult; caseId: string }) {
  const [view, setView] = useState<View>('side');
  const [split, setSplit] = useState(50);
  if (!step.screenshot) return <Text c="dimmed">No screenshot was taken for this step.</Text>;
  const baseline = `/api/v1/tests/cases/${encodeURIComponent(caseId)}/baselines/step_${step.index}.jpg`;
  const missing = (
    <Text c="dimmed" size="sm">
      No baseline yet
    </Text>
  );
  const views = [
    { value: 'side', label: 'Baseline | current' },
    { value: 'slider', label: 'Slider' },
    ...(step.visual?.diff_image ? [{ value: 'diff', label: 'Difference' }] : []),
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          aria-label="Comparison view"
          value={view}
          onChange={(v) => setView(v as View)}
          data={views}
        />
        {step.visual ? (
          <Text size="sm">
            {step.visual.diff_pct.toFixed(2)} % different · {step.visual.verdict}
          </Text>
        ) : null}
      </Group>
      {view === 'side' ? (
        <Group align="flex-start" grow>
          <Stack gap={2} align="center">
            <Text size="xs" c="dimmed">
              Baseline
            </Text>
            <AuthedImage src={baseline} alt={`Baseline of step ${step.index + 1}`} height={360} fallback={missing} />
          </Stack>
          <Stack gap={2} align="center">
            <Text size="xs" c="dimmed">
              Current
            </Text>
            <AuthedImage src={step.screenshot} alt={`Screenshot of step ${step.index + 1}`} height={360} />
          </Stack>
        </Group>
      ) : null}
      {view === 'slider' ? (
        <Stack gap="xs" align="center">
          <Box pos="relative" h={420} style={{ aspectRatio: '9 / 19.5' }}>
            <Box pos="absolute" inset={0}>
              <AuthedImage src={baseline} alt={`Baseline of step ${step.index + 1}`} height={420} fallback={missing} />
            </Box>
            <Box pos="absolute" inset={0} style={{ clipPath: `inset(0 0 0 ${split}%)` }}>
              <AuthedImage src={step.screenshot} alt={`Screenshot of step ${step.index + 1}`} height={420} />
            </Box>
          </Box>
          <Slider
            w={280}
            value={split}
            onChange={setSplit}
            label={(v) => `${v}% baseline`}
            aria-label="Baseline and current split"
          />
        </Stack>
      ) : null}
      {view === 'diff' && step.visual?.diff_image ? (
        <Stack gap={2} align="center">
          <AuthedImage src={step.visual.diff_image} alt={`Difference for step ${step.index + 1}`} height={420} />
        </Stack>
      ) : null}
    </Stack>
  );
}
