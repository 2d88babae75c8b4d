// The calendar's word on series that stopped posting: each series paused by a problem (an account
// to reconnect, an account gone, the plan) is named at the top with its reason and what fixes it,
// so a week with fewer posts than planned is explained where the posts are looked at. Series are
// read only through the series feature's data/ (a feature reaches another only there).
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconPlugConnected } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalSeries } from '../../../store';
import { ButtonLink } from '../../../ui/links';
import { RECONNECT_PARAM } from '../../accounts/data';
import { seriesNeedingAttention } from '../../series/data';

/** The paused series waiting for the creator, live; undefined while the first read is under way. */
export function useSeriesNeedingAttention(): LocalSeries[] | undefined {
  return useLiveQuery(seriesNeedingAttention, []);
}

function SeriesAttentionLine({ series }: { series: LocalSeries }) {
  const attention = series.attention;
  if (!attention) return null;
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Text fz="sm" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: '12rem' }}>
        “{series.name}” is paused: {attention.message}
      </Text>
      {attention.kind === 'reconnect' ? (
        <ButtonLink
          to="/connect"
          search={attention.account_id ? { [RECONNECT_PARAM]: attention.account_id } : {}}
          size="xs"
          color="red"
          leftSection={<IconPlugConnected size={14} aria-hidden />}
          aria-label={`Reconnect the account of ${series.name}`}
        >
          Reconnect
        </ButtonLink>
      ) : (
        <ButtonLink to="/video-series/detail/$id" params={{ id: series.id }} size="xs" variant="default" leftSection={<IconExternalLink size={14} aria-hidden />} aria-label={`Open ${series.name}`}>
          Open
        </ButtonLink>
      )}
    </Group>
  );
}

export function SeriesAttentionAlerts() {
  const series = useSeriesNeedingAttention();
  if (!series || series.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={series.length === 1 ? 'A series needs you' : `${series.length} series need you`}>
      <Stack gap="xs">
        {series.map((one) => (
          <SeriesAttentionLine key={one.id} series={one} />
        ))}
      </Stack>
    </Alert>
  );
}
