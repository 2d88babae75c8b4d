// The toast container with its styles (in Mantine's CSS layer, after the core styles: see
// src/app/styles/mantine-styles.ts), in the chunk App loads after the first screen.
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
