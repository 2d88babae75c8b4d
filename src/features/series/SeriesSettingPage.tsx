// Route video-series/setting/{id} (`can_create_series`): a series' cadence, destinations, style
// lock, review mode, lead time and cap on one page, plus pause and resume. Nothing can be changed
// until the series is loaded (a save must never write defaults over settings not read yet), and a
// save sends only the fields that changed.
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type ReactNode } from 'react';
import type { Series } from '../../../contract/series';
import { usePermissions, useAuth } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { AnchorLink } from '../../ui/links';
import { ListEmpty, ListLoading } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { allAccounts } from '../accounts/data';
import { updateSeries } from './data/series-mutations';
import { useSeries } from './series-queries';
import { AutopilotSection } from './form/AutopilotSection';
import { CadenceSection } from './form/CadenceSection';
import { DestinationsSection } from './form/DestinationsSection';
import { changedFields, checkSection, defaultSeriesForm, formFromSeries, sectionOfFormField, SETTINGS_SECTIONS, type FormContext, type SeriesForm } from './form/series-form';
import { LazyStyleSection } from './form/LazyStyleSection';
import { NeverAgainSection } from './NeverAgainSection';
import { creatorTimeZone } from './form/time-zone';
import { seriesBadge } from './format';
import { SERIES_SETTING_FRAME } from './frame';
import { StickyActionBar } from '../../ui/StickyActionBar';

export const APPLY_NOTE = 'Changes apply to episodes not rendered yet.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ series, loaded }: { series: Series | undefined; loaded: SeriesForm | undefined }) {
  const { isArtStyleAllowed } = usePermissions();
  const { user } = useAuth();
  const { plans } = usePlanCatalogue();
  const plan = plans?.find((candidate) => candidate.key === user?.plan);
  const accounts = useLiveQuery(allAccounts, []);
  const [placeholder] = useState(() => defaultSeriesForm(creatorTimeZone()));
  // What was last loaded or saved: the changes are counted from here.
  const [baseline, setBaseline] = useState(loaded);
  const [form, setForm] = useState(loaded ?? placeholder);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const disabled = series === undefined || baseline === undefined;

  const context: FormContext = useMemo(
    () => ({ platformOf: (accountId: string) => accounts?.find((account) => account.id === accountId)?.platform, isArtStyleAllowed, maxSeconds: plan?.video.max_seconds }),
    [accounts, isArtStyleAllowed, plan],
  );

  const update = (patch: Partial<SeriesForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch) && !['style', 'destinations'].some((field) => field in patch && sectionOfFormField(key) === field))));
  };

  const changes = baseline ? changedFields(baseline, form, context.platformOf) : {};
  const changed = Object.keys(changes).length > 0;

  const save = async () => {
    if (!series || !baseline || saving || !changed) return;
    const found = SETTINGS_SECTIONS.reduce<Record<string, string>>((all, section) => ({ ...all, ...checkSection(form, section, context) }), {});
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updateSeries(series.id, changes);
      setBaseline(form);
      notifications.show({ title: 'Settings saved', message: APPLY_NOTE });
    } catch {
      notifications.show({ color: 'red', title: 'Settings not saved', message: 'The change could not be saved on this device. Try again.' });
    } finally {
      setSaving(false);
    }
  };

  const setStatus = async (status: 'active' | 'paused') => {
    if (!series) return;
    try {
      await updateSeries(series.id, { status });
      notifications.show({ title: status === 'paused' ? 'Series paused' : 'Series resumed', message: status === 'paused' ? 'No new episodes are made until you resume it.' : 'Episodes are made again from the next slot.' });
    } catch {
      notifications.show({ color: 'red', title: 'Not changed', message: 'The change could not be saved on this device. Try again.' });
    }
  };

  const props = { form, update, errors, disabled };
  return (
    <Stack gap="md">
      {series ? (
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text fw={600}>{series.name}</Text>
            {/* The same word as the list and the detail page ("Active", not a synonym). */}
            <Badge variant="light" color={seriesBadge(series).color}>
              {seriesBadge(series).label}
            </Badge>
          </Group>
          {series.status === 'active' ? (
            <Button variant="default" onClick={() => void setStatus('paused')}>
              Pause series
            </Button>
          ) : series.status === 'paused' ? (
            <Button variant="default" onClick={() => void setStatus('active')}>
              Resume series
            </Button>
          ) : (
            <AnchorLink to="/create-ai-series/$seriesId" params={{ seriesId: series.id }}>
              Continue setting it up
            </AnchorLink>
          )}
        </Group>
      ) : (
        <ListLoading label="Loading the series..." />
      )}
      {series?.attention ? (
        <Alert color="orange" title="This series needs you" role="alert">
          {series.attention.message}
        </Alert>
      ) : null}
      <Text fz="sm" c="dimmed">
        {APPLY_NOTE}
      </Text>
      <Section title="When">
        <CadenceSection {...props} />
      </Section>
      <Section title="Where">
        <DestinationsSection {...props} />
      </Section>
      <Section title="Review, lead time and cap">
        <AutopilotSection {...props} />
      </Section>
      <Section title="Look and sound (every episode)">
        <LazyStyleSection {...props} />
      </Section>
      <Section title="Topics never to make again">
        <NeverAgainSection series={series} />
      </Section>
      <Divider />
      <StickyActionBar>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {disabled ? 'Loading…' : changed ? 'Unsaved changes' : 'No changes'}
          </Text>
          <Button onClick={() => void save()} loading={saving} disabled={disabled || saving || !changed}>
            Save changes
          </Button>
      </StickyActionBar>
    </Stack>
  );
}

export function SeriesSettingPage() {
  const params: { id?: string } = useParams({ strict: false });
  const id = params.id ?? '';
  const series = useSeries(id);
  const loaded = useMemo(() => (series ? formFromSeries(series, creatorTimeZone()) : undefined), [series]);
  return (
    <PageFrame title={SERIES_SETTING_FRAME.title} description={SERIES_SETTING_FRAME.description}>
      {series === null ? (
        <ListEmpty title="No series here" text="You have no series with this address: it may have been deleted.">
          <AnchorLink to="/video-series">Your series</AnchorLink>
        </ListEmpty>
      ) : (
        // Mounted again once loaded, so the form starts from the series and never from the placeholder.
        <SettingsForm key={loaded ? 'loaded' : 'loading'} series={series} loaded={loaded} />
      )}
    </PageFrame>
  );
}
