// Picks the scene-visual provider from the configuration: an OpenAI-compatible image endpoint
// when IMAGES_BASE_URL is set, else Pexels stock when PEXELS_API_KEY is set, else Openverse's
// openly licensed photos when OPENVERSE_ENABLED=on, else the built-in procedural art. A configured provider is wrapped so a scene it cannot deliver falls back to
// the built-in art (see fallback.ts).
import { BuiltinVisualProvider } from './builtin';
import { FallbackVisualProvider } from './fallback';
import { OpenAiImagesProvider } from './openai-images';
import { OpenverseProvider } from './openverse';
import { PexelsProvider } from './pexels';
import type { VisualProvider } from './types';

export * from './types';
export type { ArtStyleName } from './art-styles';
export { BUILTIN_VISUALS_LABEL, BuiltinVisualProvider, LOSSLESS_STYLES, renderSceneArt, renderSceneArtAsync, sceneSubjectOf, STYLE_MOTION } from './builtin';
export { FallbackVisualProvider } from './fallback';
export { imageSizeFor, OpenAiImagesProvider, STYLE_PROMPT_SUFFIX } from './openai-images';
export { PexelsProvider } from './pexels';
export { licenceName, OPENVERSE_LICENCES, openverseAttribution, OpenverseProvider } from './openverse';
export { sceneKeywords } from './keywords';

export interface VisualSettings {
  images: { baseUrl: string | undefined; apiKey: string | undefined; model: string; size: string | undefined };
  pexels: { apiKey: string | undefined; photosBaseUrl: string | undefined; videosBaseUrl: string | undefined };
  openverse: { enabled: boolean; baseUrl: string; clientId: string | undefined; clientSecret: string | undefined };
}

export function createVisualProvider(settings: VisualSettings): VisualProvider {
  if (settings.images.baseUrl) {
    return new FallbackVisualProvider(new OpenAiImagesProvider({ ...settings.images, baseUrl: settings.images.baseUrl }));
  }
  if (settings.pexels.apiKey) {
    return new FallbackVisualProvider(new PexelsProvider({ ...settings.pexels, apiKey: settings.pexels.apiKey }));
  }
  if (settings.openverse.enabled) {
    const { baseUrl, clientId, clientSecret } = settings.openverse;
    return new FallbackVisualProvider(new OpenverseProvider({ baseUrl, clientId, clientSecret }));
  }
  return new BuiltinVisualProvider();
}

/**
 * The label of the service that makes new pictures, for screens that say where a picture will come
 * from. The providers are plain objects (no connection is opened), so the API builds one to ask.
 */
export function visualServiceLabel(settings: VisualSettings): string {
  return createVisualProvider(settings).label;
}
