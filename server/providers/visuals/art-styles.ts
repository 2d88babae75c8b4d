import { ART_STYLES } from '../../../contract/permissions';

export type ArtStyleName = (typeof ART_STYLES)[number];
