import { ComingLater } from '../../ui/PageFrame';

export function BrandingPage() {
  return <ComingLater title="Branding" />;
}
