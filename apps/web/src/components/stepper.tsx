import { Button, Group, Stepper as MantineStepper, Stack } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from './async-button';
import classes from './stepper.module.css';

export interface StepperStep {
  label: string;
  description?: string;
  content: ReactNode;
  /** The step is filled in and valid; moving forward needs it. */
  valid: boolean;
}

export interface StepperLabels {
  back?: string;
  continue?: string;
  submit?: string;
}

export interface StepperProps {
  steps: StepperStep[];
  /** Controlled active step; leave out to let the stepper keep its own. */
  active?: number;
  defaultActive?: number;
  onActiveChange?: (step: number) => void;
  /** Called by the last step's button. */
  onSubmit: () => unknown;
  /** Called by Back on the first step (e.g. to leave the flow); Back is disabled there without it. */
  onBackFromFirst?: () => void;
  labels?: StepperLabels;
}

/** Whether a jump from `from` to `to` is allowed: SPEC §4 only allows earlier or current steps. */
export const canJumpTo = (from: number, to: number): boolean => to <= from;

/**
 * SPEC §4: back is always allowed; jumping only to earlier or current steps; forward needs the step
 * filled and valid; the last step submits. Default labels Back, Continue, Submit.
 */
export function Stepper({
  steps,
  active,
  defaultActive = 0,
  onActiveChange,
  onSubmit,
  onBackFromFirst,
  labels = {},
}: StepperProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useUncontrolled({
    value: active,
    defaultValue: defaultActive,
    finalValue: 0,
    onChange: onActiveChange,
  });
  const step = steps[current];
  const isLast = current === steps.length - 1;
  const valid = step?.valid === true;

  const back = () => {
    if (current > 0) setCurrent(current - 1);
    else onBackFromFirst?.();
  };

  return (
    <Stack gap="lg">
      <MantineStepper
        active={current}
        onStepClick={(index) => {
          if (canJumpTo(current, index)) setCurrent(index);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ step: classes.step, stepBody: classes.stepBody, separator: classes.separator }}
      >
        {steps.map((item, index) => (
          <MantineStepper.Step
            key={item.label}
            label={item.label}
            description={item.description}
            allowStepSelect={canJumpTo(current, index)}
          >
            {item.content}
          </MantineStepper.Step>
        ))}
      </MantineStepper>
      <Group justify="space-between">
        <Button variant="default" onClick={back} disabled={current === 0 && onBackFromFirst === undefined}>
          {labels.back ?? t('stepper.back')}
        </Button>
        {isLast ? (
          <AsyncButton onClick={() => onSubmit()} disabled={!valid}>
            {labels.submit ?? t('stepper.submit')}
          </AsyncButton>
        ) : (
          <Button onClick={() => setCurrent(current + 1)} disabled={!valid}>
            {labels.continue ?? t('stepper.continue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
