// Scene visuals: one interface, adapters of one shape — built-in procedural art per
// style (offline, labelled as such), an OpenAI-compatible image endpoint, Pexels stock.
import { ProviderError } from '../provider-error';

// The interface belongs to the domain (server/domain/ports/visuals.ts); re-exported so adapters
// keep importing from their own types.
export type { HeadlineFont, SceneHeadline, SceneVisual, SceneVisualRequest, VisualLicence, VisualMotion, VisualProvider } from '../../domain/ports/visuals';

/** A picture provider refused or failed; see ProviderError for the kinds. */
export class VisualProviderError extends ProviderError {
  override name = 'VisualProviderError';
}
