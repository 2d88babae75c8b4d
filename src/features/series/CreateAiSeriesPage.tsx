// Routes create-ai-series and create-ai-series/{seriesId} (`can_create_series`): the wizard, new or
// continuing a saved draft at the step it reached. A series already started is changed in its
// settings instead; an id this creator has no series for says so.
import { Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AnchorLink } from '../../ui/links';
import { ListEmpty, ListLoading } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { useSeries } from './series-queries';
import { defaultSeriesForm, formFromSeries } from './form/series-form';
import { creatorTimeZone } from './form/time-zone';
import { forgetHandOff, SeriesWizard, wizardHandOff } from './wizard/SeriesWizard';
import { CREATE_AI_SERIES_FRAME } from './frame';


function NewSeries() {
  const [id] = useState(() => crypto.randomUUID());
  const [initial] = useState(() => defaultSeriesForm(creatorTimeZone()));
  return <SeriesWizard id={id} initial={initial} initialStep={0} routed={false} />;
}

function ContinueDraft({ id }: { id: string }) {
  // The wizard that saved this draft a moment ago (its URL just gained the id) keeps its state.
  const [here] = useState(() => wizardHandOff(id));
  useEffect(() => () => forgetHandOff(id), [id]);
  const series = useSeries(id);
  if (here) return <SeriesWizard id={id} initial={here.form} initialStep={here.step} routed focusStep />;
  if (series === undefined) return <ListLoading label="Loading your draft..." />;
  if (series === null) {
    return (
      <ListEmpty title="No series here" text="You have no series with this address: it may have been deleted.">
        <AnchorLink to="/create-ai-series">Start a new series</AnchorLink>
      </ListEmpty>
    );
  }
  if (series.status !== 'draft') {
    return (
      <Text>
        “{series.name}” has started already.{' '}
        <AnchorLink to="/video-series/setting/$id" params={{ id }}>
          Change its settings
        </AnchorLink>
      </Text>
    );
  }
  return <SeriesWizard id={id} initial={formFromSeries(series, creatorTimeZone())} initialStep={series.wizard_step} routed />;
}

export function CreateAiSeriesPage() {
  const params: { seriesId?: string } = useParams({ strict: false });
  return (
    <PageFrame title={CREATE_AI_SERIES_FRAME.title} description={CREATE_AI_SERIES_FRAME.description}>
      {params.seriesId ? <ContinueDraft key={params.seriesId} id={params.seriesId} /> : <NewSeries />}
    </PageFrame>
  );
}
