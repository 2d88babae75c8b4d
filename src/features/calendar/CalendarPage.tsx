import { ComingLater } from '../../ui/PageFrame';

export function CalendarPage() {
  return <ComingLater title="Calendar" />;
}
