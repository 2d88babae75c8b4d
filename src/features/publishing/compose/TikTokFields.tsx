// TikTok's own options of a post (TikTok's UX guidelines for direct posts): who can see
// it — only the levels TikTok's creator_info offers for the chosen accounts, with no default — the
// comment/duet/stitch switches (off and disabled when the account has turned them off), the
// AI-generated label (on by default: our videos are AI-made), the commercial content disclosure,
// and the longest video the accounts may post. creator_info is asked when the accounts change.
import { Alert, Checkbox, Fieldset, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { TIKTOK_PRIVACY_LEVELS, type TiktokCreatorInfo } from '../../../../contract/publishing';
import { errorMessage } from '../../../api';
import type { TiktokCreatorLimits, TiktokValues } from './compose-values';
import { combineCreatorInfo, durationText, loadCreatorInfo as defaultLoad, PRIVACY_LABELS, type LoadCreatorInfo } from '../data/tiktok-creator-info';

export interface TikTokFieldsProps {
  idPrefix: string;
  /** The chosen TikTok accounts. */
  accountIds: string[];
  value: TiktokValues;
  onChange: (changes: Partial<TiktokValues>) => void;
  error?: string;
  /** Told what the accounts' creator_info allows once it is known (undefined: unknown, e.g. offline). */
  onLimits?: (limits: TiktokCreatorLimits | undefined) => void;
  /** The creator-info call (the app's API by default; tests pass their own). */
  load?: LoadCreatorInfo;
}

type InfoState = { kind: 'loading' } | { kind: 'ready'; infos: TiktokCreatorInfo[] } | { kind: 'failed'; message: string };

export function TikTokFields({ idPrefix, accountIds, value, onChange, onLimits, error, load = defaultLoad }: TikTokFieldsProps) {
  const [state, setState] = useState<InfoState>({ kind: 'loading' });
  const key = [...accountIds].sort().join(',');

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    Promise.all(key.split(',').filter(Boolean).map((id) => load(id))).then(
      (infos) => current && setState({ kind: 'ready', infos }),
      (caught: unknown) => current && setState({ kind: 'failed', message: errorMessage(caught, 'The TikTok options could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [key, load]);

  const info = useMemo(() => (state.kind === 'ready' ? combineCreatorInfo(state.infos) : null), [state]);
  // Offline (or TikTok unreachable) every level is offered: the pre-flight, the server and TikTok check again.
  const levels = info?.privacyLevels ?? (state.kind === 'failed' ? [...TIKTOK_PRIVACY_LEVELS] : []);

  useEffect(() => {
    onLimits?.(info ? { tiktokCreatorMaxSeconds: info.maxDurationSec, tiktokPrivacyLevels: info.privacyLevels } : undefined);
  }, [info, onLimits]);

  // A level the accounts no longer offer, and interactions they turned off, cannot stay chosen.
  useEffect(() => {
    if (!info) return;
    const changes: Partial<TiktokValues> = {};
    if (value.privacyLevel && !info.privacyLevels.includes(value.privacyLevel)) changes.privacyLevel = null;
    if (info.commentDisabled && value.allowComment) changes.allowComment = false;
    if (info.duetDisabled && value.allowDuet) changes.allowDuet = false;
    if (info.stitchDisabled && value.allowStitch) changes.allowStitch = false;
    if (Object.keys(changes).length > 0) onChange(changes);
  }, [info, value, onChange]);

  const disabledHint = 'Turned off for this account in TikTok';
  return (
    <Fieldset legend="TikTok" variant="filled" radius="md">
      <Stack gap="sm">
        {state.kind === 'loading' ? (
          <Text size="sm" c="dimmed" role="status">
            <Loader size="xs" mr="xs" aria-hidden />
            Asking TikTok which options this account has…
          </Text>
        ) : null}
        {state.kind === 'failed' ? (
          <Alert color="orange" variant="light" p="xs" role="alert">
            {state.message} Every privacy level is listed; TikTok may refuse one this account cannot use.
          </Alert>
        ) : null}
        <Select
          id={`${idPrefix}-tiktokPrivacy`}
          label="Who can see this post"
          placeholder={state.kind === 'loading' ? 'Waiting for TikTok…' : 'Choose who can see it'}
          required
          data={levels.map((level) => ({ value: level, label: PRIVACY_LABELS[level] }))}
          value={value.privacyLevel}
          onChange={(level) => onChange({ privacyLevel: level ?? null })}
          error={error}
        />
        {info?.maxDurationSec ? <Text size="sm">Videos up to {durationText(info.maxDurationSec)} can be posted to this account.</Text> : null}
        <Switch
          id={`${idPrefix}-tiktokComment`}
          label="Allow comments"
          checked={value.allowComment}
          disabled={info?.commentDisabled ?? false}
          description={info?.commentDisabled ? disabledHint : undefined}
          onChange={(event) => onChange({ allowComment: event.currentTarget.checked })}
        />
        <Switch
          id={`${idPrefix}-tiktokDuet`}
          label="Allow Duet"
          checked={value.allowDuet}
          disabled={info?.duetDisabled ?? false}
          description={info?.duetDisabled ? disabledHint : undefined}
          onChange={(event) => onChange({ allowDuet: event.currentTarget.checked })}
        />
        <Switch
          id={`${idPrefix}-tiktokStitch`}
          label="Allow Stitch"
          checked={value.allowStitch}
          disabled={info?.stitchDisabled ?? false}
          description={info?.stitchDisabled ? disabledHint : undefined}
          onChange={(event) => onChange({ allowStitch: event.currentTarget.checked })}
        />
        <Switch
          id={`${idPrefix}-tiktokAigc`}
          label="Label as AI-generated content"
          description="TikTok's label for AI-made videos; on by default for AI videos"
          checked={value.aiGenerated}
          onChange={(event) => onChange({ aiGenerated: event.currentTarget.checked })}
        />
        <Switch
          id={`${idPrefix}-tiktokCommercial`}
          label="Disclose commercial content"
          description="Turn on when the video promotes a brand, product or service"
          checked={value.commercial}
          onChange={(event) => onChange({ commercial: event.currentTarget.checked })}
        />
        {value.commercial ? (
          <Stack gap="xs" pl="md">
            <Checkbox
              id={`${idPrefix}-tiktokYourBrand`}
              label="Your brand"
              description="You are promoting yourself or your own business"
              checked={value.yourBrand}
              onChange={(event) => onChange({ yourBrand: event.currentTarget.checked })}
            />
            <Checkbox
              id={`${idPrefix}-tiktokBranded`}
              label="Branded content"
              description="You are promoting another brand or a third party"
              checked={value.brandedContent}
              onChange={(event) => onChange({ brandedContent: event.currentTarget.checked })}
            />
          </Stack>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
