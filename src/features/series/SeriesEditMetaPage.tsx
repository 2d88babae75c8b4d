// "Edit series details" (video-series/edit-meta?id=…): the series' name, description, tags and
// hashtags. The form starts from the series as this device has it and Save stays off until it is
// loaded, so a save never writes empty fields over words the screen never showed. Saved through the
// outbox (offline too); the server applies them to episodes not rendered yet.
import { Button, Group, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { seriesMetaFields } from '../../../contract';
import { errorMessage } from '../../api';
import type { LocalSeries } from '../../store';
import { ErrorAlert } from '../../ui/FormAlert';
import { ButtonLink } from '../../ui/links';
import { ListEmpty, ListLoading } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { updateSeries } from './data/series-mutations';
import { useSeries } from './series-queries';
import { SERIES_EDIT_META_FRAME } from './frame';

const TITLE = SERIES_EDIT_META_FRAME.title;
const DESCRIPTION = SERIES_EDIT_META_FRAME.description;

const metaForm = z.object(seriesMetaFields);
type MetaField = keyof typeof seriesMetaFields;
type MetaValues = z.input<typeof metaForm>;

export function SeriesEditMetaPage() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const id = typeof search.id === 'string' && search.id ? search.id : null;
  const series = useSeries(id);

  let body;
  if (!id || series === null) {
    body = (
      <ListEmpty title={id ? 'This series is not on this device' : 'No series chosen'} text={id ? 'It may have been deleted, or it has not reached this device yet.' : 'Open a series, then choose Edit details.'}>
        <ButtonLink to="/video-series">Back to Video series</ButtonLink>
      </ListEmpty>
    );
  } else {
    // Keyed by the series: the form starts again from the series' own words once it has loaded
    // (and for another series, a changed ?id).
    body = <MetaForm key={series?.id ?? 'loading'} series={series ?? null} />;
  }
  return (
    <PageFrame title={TITLE} description={DESCRIPTION}>
      {body}
    </PageFrame>
  );
}

/** The form; `series` null while it loads: everything disabled, nothing to save yet. */
function MetaForm({ series }: { series: LocalSeries | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<MetaValues>(() =>
    series ? { name: series.name, description: series.description, tags: [...series.tags], hashtags: [...series.hashtags] } : { name: '', description: '', tags: [], hashtags: [] },
  );
  const [errors, setErrors] = useState<Partial<Record<MetaField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends MetaField>(field: K, value: MetaValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!series) return;
    setFailure(null);
    const checked = metaForm.safeParse(values);
    if (!checked.success) {
      const next: Partial<Record<MetaField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as MetaField;
        next[field] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`series-meta-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await updateSeries(series.id, checked.data);
      notifications.show({ color: 'teal', title: 'Details saved', message: 'Episodes not rendered yet use them.' });
      await navigate({ to: '/video-series/detail/$id', params: { id: series.id } });
    } catch (error) {
      setFailure(errorMessage(error, 'The details could not be saved on this device.'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={series ? `Details of ${series.name}` : 'Series details'}>
      <Stack gap="md" maw={640}>
        {series ? null : <ListLoading label="Loading the series..." />}
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextInput id="series-meta-name" disabled={!series} label="Name" value={values.name} onChange={(event) => set('name', event.currentTarget.value)} error={errors.name} maxLength={120} />
        <Textarea
          id="series-meta-description" disabled={!series}
          label="Description"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <TagsInput
          id="series-meta-tags" disabled={!series}
          label="Tags"
          description="Added to every episode's video, e.g. on YouTube. Press Enter after each."
          value={values.tags}
          onChange={(tags) => set('tags', tags)}
          error={errors.tags}
          maxTags={30}
        />
        <TagsInput
          id="series-meta-hashtags" disabled={!series}
          label="Hashtags"
          description="Added to every episode's caption. One word each; the # is added for you."
          value={values.hashtags}
          onChange={(hashtags) => set('hashtags', hashtags)}
          error={errors.hashtags}
          maxTags={30}
        />
        <Text fz="sm" c="dimmed">
          Changes apply to episodes not rendered yet.
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={!series}>
            Save
          </Button>
          {series ? (
            <ButtonLink to="/video-series/detail/$id" params={{ id: series.id }} variant="default">
              Cancel
            </ButtonLink>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
