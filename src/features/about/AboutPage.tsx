// Route /about: what Reelflow is and the licences of what ships inside it (fonts, voices, pictures,
// music, programs), listed from contract/asset-licences.ts, whatever it holds. Named "About and
// licences" so nobody takes it for the credit balance (/users/credits-history). It reads nothing
// from the network: the list is part of the app, so it opens offline too.
import { Anchor, Card, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { ASSET_LICENCES, type AssetLicence } from '../../../contract/asset-licences';
import { PageFrame } from '../../ui/PageFrame';

const LICENCES_HEADING = 'about-licences';

export function AboutPage() {
  return (
    <PageFrame
      title="About Reelflow"
      description="Reelflow writes scripts, makes faceless short videos, captions your own videos and publishes them. It is built on the work of the people below."
    >
      <Stack gap="sm" component="section" aria-labelledby={LICENCES_HEADING}>
        <Title order={2} fz="lg" id={LICENCES_HEADING}>
          Licences
        </Title>
        <Text fz="sm" c="dimmed">
          What ships with Reelflow and may end up in your videos or on your screen, who made it and under which licence.
        </Text>
        {ASSET_LICENCES.length === 0 ? (
          <Text>Nothing is listed yet.</Text>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Licences">
            {ASSET_LICENCES.map((asset) => (
              <li key={`${asset.name}:${asset.usedFor}`}>
                <LicenceCard asset={asset} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </PageFrame>
  );
}

function LicenceCard({ asset }: { asset: AssetLicence }) {
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap={4}>
        <Title order={3} fz="md">
          {asset.name}
        </Title>
        <Text fz="sm">{asset.usedFor}</Text>
        {/* Plain text, not a badge: a long licence line wraps instead of being cut on a phone. */}
        <Text fz="sm">
          Licence:{' '}
          <Text span inherit fw={600}>
            {asset.licence}
          </Text>
        </Text>
        <Text fz="sm" c="dimmed">
          By {asset.author}
        </Text>
        {asset.url ? (
          <Anchor href={asset.url} target="_blank" rel="noopener noreferrer" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            Source and licence<VisuallyHidden>: {asset.name} (opens in a new tab)</VisuallyHidden>
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
