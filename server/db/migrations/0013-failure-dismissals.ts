// Failed jobs can be dismissed (DELETE /api/failed-jobs/{id}): the moment a failed publish target
// or a failed render was taken off the failed-jobs list. Cleared when the job is queued again, so
// a later failure shows. Postgres-15 compatible SQL.
export const sql = /* sql */ `
ALTER TABLE post_targets ADD COLUMN failure_dismissed_at timestamptz;
ALTER TABLE ai_videos ADD COLUMN failure_dismissed_at timestamptz;
`;
