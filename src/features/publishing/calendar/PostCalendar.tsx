// The calendar itself: FullCalendar 7 (docs/decisions/dependencies.md) with month, week, day and
// agenda views, our own toolbar in Mantine's look (previous / today / next and the view switch,
// all plain buttons and a radio group, so the keyboard reaches them), entries that say their
// status in an icon and words, drag and drop (long press on touch) of scheduled and failed posts.
// Only this route imports it: the library and its styles load with the calendar's chunk.
import FullCalendar, { useCalendarController, type EventClickInfo, type EventDisplayInfo, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import './calendar.css';
import { ActionIcon, Button, Group, SegmentedControl, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconCloudUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { PostEvent, PostEventProps } from './calendar-events';
import { PlatformIcons, STATUS_ICONS } from './status-look';

export const CALENDAR_VIEWS = [
  { value: 'dayGridMonth', label: 'Month' },
  { value: 'timeGridWeek', label: 'Week' },
  { value: 'timeGridDay', label: 'Day' },
  { value: 'listMonth', label: 'Agenda' },
] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number]['value'];

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];

/** Hints of the arrow buttons: "Previous month", "Next week"… (FullCalendar fills in the unit). */
const PREV_HINT = 'Previous $0';
const NEXT_HINT = 'Next $0';

export interface PostCalendarProps {
  events: PostEvent[];
  initialView: CalendarView;
  /** Where the calendar opens (tests); today when absent. */
  initialDate?: string;
  onOpen: (postId: string) => void;
  onDrop: (info: EventDropInfo) => void;
}

export function PostCalendar({ events, initialView, initialDate, onOpen, onDrop }: PostCalendarProps) {
  const controller = useCalendarController();
  const [view, setView] = useState<CalendarView>(initialView);
  const titleId = useId();
  const buttons = controller.getButtonState();
  const changeView = (next: string) => {
    setView(next as CalendarView);
    controller.changeView(next);
  };
  return (
    <section className="rf-calendar" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={buttons.prev.hint || 'Previous'} onClick={() => controller.prev()}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={() => controller.today()} disabled={buttons.today.isDisabled} aria-label={buttons.today.hint || 'Today'}>
              Today
            </Button>
            <ActionIcon variant="default" size="lg" aria-label={buttons.next.hint || 'Next'} onClick={() => controller.next()}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Title order={2} fz="lg" id={titleId} aria-live="polite">
            {controller.view?.title ?? ''}
          </Title>
        </Group>
        <SegmentedControl aria-label="View" value={view} onChange={changeView} data={CALENDAR_VIEWS.map(({ value, label }) => ({ value, label }))} />
      </Group>
      <FullCalendar
        controller={controller}
        plugins={PLUGINS}
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={false}
        // Every view grows with the page: no scroll box inside it (one a keyboard could not reach).
        height="auto"
        nowIndicator
        prevHint={PREV_HINT}
        nextHint={NEXT_HINT}
        todayHint="Go to today"
        noEventsText="Nothing scheduled in this period"
        events={events}
        eventDisplay="block"
        eventInteractive
        editable={false}
        eventStartEditable={false}
        eventDurationEditable={false}
        eventLongPressDelay={400}
        eventContent={(arg: EventDisplayInfo) => <PostEventContent arg={arg} />}
        eventClick={(info: EventClickInfo) => onOpen(info.event.id)}
        eventDrop={onDrop}
      />
    </section>
  );
}

/**
 * One entry: status icon and words, time, title, platform icons, and "waiting to be sent". In a
 * narrow column (a week on a phone) the time and platforms give way to the title.
 */
function PostEventContent({ arg }: { arg: EventDisplayInfo }) {
  const props = arg.event.extendedProps as PostEventProps;
  const StatusIcon = STATUS_ICONS[props.status];
  const roomy = arg.view.type.startsWith('list') || arg.view.type === 'timeGridDay';
  return (
    <span className={roomy ? 'rf-cal-entry rf-cal-entry-roomy' : 'rf-cal-entry'} data-status={props.status} data-draggable={arg.isDraggable ? 'true' : 'false'}>
      <StatusIcon size={14} aria-hidden className="rf-cal-entry-icon" />
      {roomy ? <span className="rf-cal-entry-status">{props.statusLabel}</span> : <VisuallyHidden>{props.statusLabel}: </VisuallyHidden>}
      {arg.timeText && !arg.isNarrow ? <span className="rf-cal-entry-time">{arg.timeText}</span> : null}
      <span className="rf-cal-entry-title">{arg.event.title}</span>
      {props.series && roomy ? <span className="rf-cal-entry-series">Series: {props.series}</span> : null}
      {props.series && !roomy ? <VisuallyHidden> (series {props.series})</VisuallyHidden> : null}
      {props.platforms.length > 0 && !arg.isNarrow ? (
        <span className="rf-cal-entry-platforms">
          <PlatformIcons platforms={props.platforms} />
        </span>
      ) : null}
      {props.alert ? (
        <span className="rf-cal-entry-alert" title={props.alert === 'reconnect' ? 'An account needs reconnecting' : 'An account’s access runs out soon'}>
          <IconAlertTriangle size={14} aria-hidden />
          <VisuallyHidden>{props.alert === 'reconnect' ? '(an account needs reconnecting)' : '(an account’s access runs out soon)'}</VisuallyHidden>
        </span>
      ) : null}
      {props.pending ? (
        <span className="rf-cal-entry-pending" title="Waiting to be sent">
          <IconCloudUpload size={14} aria-hidden />
          <VisuallyHidden>(waiting to be sent)</VisuallyHidden>
        </span>
      ) : null}
      {props.syncFailed ? <VisuallyHidden>(the last change was refused)</VisuallyHidden> : null}
    </span>
  );
}
