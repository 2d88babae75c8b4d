// The style picker's thumbnails are real frames of the built-in visuals engine, one per art
// style, rendered when the client is built (never committed): small WebP files under
// /art-styles/ in the build output, precached by the service worker like the rest of the shell,
// so they show offline from the first visit. `vite dev` renders them on request.
import type { Plugin } from 'vite';
import { ART_STYLES } from '../contract/permissions';
import { renderThumbnailFrame } from '../server/providers/visuals/builtin/thumbnail';

/** Where the client finds a style's thumbnail. */
export const ART_STYLE_THUMBNAIL_DIR = 'art-styles';

export function artStyleThumbnails(): Plugin {
  return {
    name: 'reelflow-art-style-thumbnails',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/art-styles\/([a-z-]+)\.webp$/.exec(request.url ?? '');
        const style = ART_STYLES.find((name) => name === match?.[1]);
        if (!style) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'image/webp');
        response.end(renderThumbnailFrame(style));
      });
    },
    generateBundle() {
      for (const style of ART_STYLES) {
        this.emitFile({ type: 'asset', fileName: `${ART_STYLE_THUMBNAIL_DIR}/${style}.webp`, source: renderThumbnailFrame(style) });
      }
    },
  };
}
