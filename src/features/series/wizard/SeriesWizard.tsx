// The create-ai-series wizard: five steps (topic, look and sound, when, where, review), one at a
// time with a progress bar — a phone shows one thing at a time. Each "Next" checks the step (the
// contract's schemas) and saves the draft through the outbox, so a reload or a lost connection
// continues where the creator was; the review starts the series or makes a sample episode first.
import { Alert, Anchor, Box, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { allAccounts } from '../../accounts/data';
import { usePermissions, useAuth } from '../../../session';
import { usePlanCatalogue } from '../../../session/plan-catalogue';
import { useOnline } from '../../../ui/useOnline';
import { requestSampleEpisode, saveSeriesDraft, startSeries, updateSeries } from '../data/series-mutations';
import { AutopilotSection } from '../form/AutopilotSection';
import { CadenceSection } from '../form/CadenceSection';
import { DestinationsSection } from '../form/DestinationsSection';
import { ReviewSummary } from '../form/ReviewSummary';
import { checkAll, checkSection, draftRequest, fullRequest, missingPieces, sectionOfFormField, STEP_TITLES, WIZARD_STEPS, type FormContext, type SeriesForm } from '../form/series-form';
import { LazyStyleSection, loadStyleSection } from '../form/LazyStyleSection';
import { TopicSection } from '../form/TopicSection';
import { StickyActionBar } from '../../../ui/StickyActionBar';

/**
 * The new wizard's state handed to the page that its first save navigates to (the URL gains the
 * series id, and the route mounts the page again): read once there, then forgotten.
 */
const handOff = new Map<string, { form: SeriesForm; step: number }>();

export function wizardHandOff(id: string): { form: SeriesForm; step: number } | undefined {
  return handOff.get(id);
}

export function forgetHandOff(id: string): void {
  handOff.delete(id);
}

export interface SeriesWizardProps {
  id: string;
  initial: SeriesForm;
  initialStep: number;
  /** The id is in the URL already (a saved draft): no need to move there after the first save. */
  routed: boolean;
  /** Arrived from the wizard's own Next (its URL gained the id): the step's heading takes focus. */
  focusStep?: boolean;
}

export function SeriesWizard({ id, initial, initialStep, routed, focusStep = false }: SeriesWizardProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const { isArtStyleAllowed } = usePermissions();
  const { user } = useAuth();
  const { plans } = usePlanCatalogue();
  const plan = plans?.find((candidate) => candidate.key === user?.plan);
  const accounts = useLiveQuery(allAccounts, []);
  const [form, setForm] = useState(initial);
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 0), WIZARD_STEPS.length - 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'next' | 'sample' | 'start' | null>(null);
  // A second click before the first one's save re-rendered is ignored (the state lags a render behind).
  const working = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(focusStep);

  const context: FormContext = useMemo(
    () => ({
      platformOf: (accountId: string) => accounts?.find((account) => account.id === accountId)?.platform,
      isArtStyleAllowed,
      maxSeconds: plan?.video.max_seconds,
    }),
    [accounts, isArtStyleAllowed, plan],
  );

  useEffect(() => {
    void loadStyleSection().catch(() => undefined);
  }, []);

  useEffect(() => {
    // The new step's heading takes focus (not on arrival: the page's h1 comes first).
    if (moved.current) heading.current?.focus();
  }, [step]);

  const update = (patch: Partial<SeriesForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(current)) if (key in patch || sectionOfFormField(key) === WIZARD_STEPS[step]) delete next[key];
      return next;
    });
  };

  const go = (index: number) => {
    moved.current = true;
    setErrors({});
    setStep(index);
  };

  /** The draft as far as `reached`, queued in the outbox: POST (new) then PUT (the changes and the step). */
  const saveDraft = async (reached: number) => {
    const request = draftRequest(form, id, reached, context.platformOf);
    await saveSeriesDraft(request);
    const { id: _id, status: _status, ...changes } = request;
    await updateSeries(id, changes);
    if (routed) return;
    handOff.set(id, { form, step: reached });
    await navigate({ to: '/create-ai-series/$seriesId', params: { seriesId: id }, replace: true });
  };

  const next = async () => {
    if (working.current) return;
    const found = checkSection(form, WIZARD_STEPS[step] ?? 'review', context);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    working.current = true;
    setBusy('next');
    try {
      await saveDraft(step + 1);
      go(step + 1);
    } catch {
      notifications.show({ color: 'red', title: 'Draft not saved', message: 'The draft could not be saved on this device. Try again.' });
    } finally {
      working.current = false;
      setBusy(null);
    }
  };

  const missing = missingPieces(form, context);
  const sampleReady = ['topic', 'style'].every((section) => Object.keys(checkSection(form, section as 'topic' | 'style', context)).length === 0);

  const makeSample = async () => {
    if (working.current || !sampleReady) return;
    working.current = true;
    setBusy('sample');
    try {
      // Only the steps that pass their checks are saved (a half-filled later step would be refused).
      const firstProblem = WIZARD_STEPS.findIndex((candidate) => Object.keys(checkSection(form, candidate, context)).length > 0);
      await saveDraft(firstProblem === -1 ? step : Math.min(step, firstProblem));
      await requestSampleEpisode(id);
      notifications.show({ title: 'Sample episode on its way', message: 'It is made like any episode and never posted. It appears on the series page.' });
      await navigate({ to: '/video-series/detail/$id', params: { id } });
    } catch {
      notifications.show({ color: 'red', title: 'Sample not requested', message: 'The request could not be saved on this device. Try again.' });
    } finally {
      working.current = false;
      setBusy(null);
    }
  };

  const start = async () => {
    if (working.current) return;
    const found = checkAll(form, context);
    if (Object.keys(found).length > 0 || missing.length > 0) {
      setErrors(found);
      return;
    }
    working.current = true;
    setBusy('start');
    try {
      await startSeries(fullRequest(form, id, context.platformOf));
      notifications.show({ title: 'Series started', message: online ? 'The first episode is prepared before its time.' : 'It will be sent when you’re back online.' });
      await navigate({ to: '/video-series/detail/$id', params: { id } });
    } catch {
      notifications.show({ color: 'red', title: 'Series not started', message: 'The series could not be saved on this device. Try again.' });
      working.current = false;
      setBusy(null);
    }
  };

  const section = WIZARD_STEPS[step] ?? 'review';
  const props = { form, update, errors };
  const content: Record<typeof section, ReactNode> = {
    topic: <TopicSection {...props} />,
    style: <LazyStyleSection {...props} />,
    cadence: <CadenceSection {...props} />,
    destinations: (
      <Stack gap="xl">
        <DestinationsSection {...props} />
        <AutopilotSection {...props} />
      </Stack>
    ),
    review: (
      <Stack gap="md">
        <ReviewSummary form={form} accounts={accounts} creditsPerSecond={plan?.video.credits_per_second} onEdit={go} />
        {missing.length > 0 ? (
          <Alert color="orange" title="Before the series can start" role="alert">
            <List size="sm">
              {missing.map((piece) => (
                <List.Item key={piece.field}>
                  {piece.message}{' '}
                  <Anchor component="button" type="button" fz="sm" onClick={() => go(piece.step)}>
                    Go to {STEP_TITLES[WIZARD_STEPS[piece.step] ?? 'review'].toLowerCase()}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button variant="default" onClick={() => void makeSample()} loading={busy === 'sample'} disabled={busy !== null || !sampleReady}>
            Make a sample episode first
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          A sample is made like any episode and charged like a video, but never posted.
        </Text>
      </Stack>
    ),
  };

  return (
    <Stack gap="md">
      {online ? null : (
        <Alert color="gray" title="You are offline" role="status">
          You can keep going: the draft is saved on this device and sent when you’re back online. Voice and music previews need a connection.
        </Alert>
      )}
      <Stack gap={6}>
        <Text fz="sm" c="dimmed" id="series-wizard-progress">
          Step {step + 1} of {WIZARD_STEPS.length}
        </Text>
        <Progress.Root size="sm">
          <Progress.Section value={((step + 1) / WIZARD_STEPS.length) * 100} aria-labelledby="series-wizard-progress" aria-valuetext={`Step ${step + 1} of ${WIZARD_STEPS.length}`} />
        </Progress.Root>
      </Stack>
      <Title order={2} fz="lg" ref={heading} tabIndex={-1}>
        {STEP_TITLES[section]}
      </Title>
      <Box>{content[section]}</Box>
      <StickyActionBar>
          <Button variant="default" disabled={step === 0 || busy !== null} onClick={() => go(step - 1)}>
            Back
          </Button>
          {section === 'review' ? (
            <Button onClick={() => void start()} loading={busy === 'start'} disabled={busy !== null || missing.length > 0}>
              Start series
            </Button>
          ) : (
            <Button onClick={() => void next()} loading={busy === 'next'} disabled={busy !== null}>
              Next
            </Button>
          )}
      </StickyActionBar>
    </Stack>
  );
}
