// Profile (spec §2 /users/user-profile): who you are, your plan and credits, and a
// licence code form to change plan without making a new account. The rest of the profile (image,
// password change) comes later.
import { Card, Group, Stack, Text } from '@mantine/core';
import { planName, useAuth } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { PageFrame } from '../../ui/PageFrame';
import { ApplyLicenseForm } from './ApplyLicenseForm';
import { formatCount } from '../../ui/format-count';
import { USER_PROFILE_FRAME } from './frame';

export function UserProfilePage() {
  const { user, credits } = useAuth();
  const { plans } = usePlanCatalogue();
  return (
    <PageFrame {...USER_PROFILE_FRAME}>
      <Card withBorder padding="lg">
        <Stack gap="xs" component="dl" m={0}>
          {[
            ['Name', user?.name ?? ''],
            ['Email', user?.email ?? ''],
            ['Plan', planName(user, plans)],
            ['Credits', formatCount(credits)],
          ].map(([term, value]) => (
            <Group key={term} gap="xs" wrap="wrap">
              <Text component="dt" c="dimmed" miw={70}>
                {term}
              </Text>
              <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <ApplyLicenseForm />
      </Card>
    </PageFrame>
  );
}
