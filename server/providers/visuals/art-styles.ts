export type { ArtStyleName } from '../../domain/ports/visuals';
