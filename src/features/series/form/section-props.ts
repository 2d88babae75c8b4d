// What every section of the series form receives: the form, a way to change it, its field errors,
// and whether it may be edited yet (the settings screen waits for the series to load).
import type { SeriesForm } from './series-form';

export interface SectionProps {
  form: SeriesForm;
  update: (patch: Partial<SeriesForm>) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}
