/**
 * The one-click reconnect (e.g. on a post about to fail) is a link to `/connect?reconnect=<account
 * id>`: the connect screen starts the connect flow for that account by itself.
 */
export const RECONNECT_PARAM = 'reconnect';
