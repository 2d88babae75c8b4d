// What every long-running job the creator starts (an AI video, a transcription) shows alike in the
// API: which job it is, how far it got, why it failed, and when it was made and last changed.

interface JobRow<Status, Stage> {
  id: string;
  title: string;
  status: Status;
  progress: number;
  stage: Stage;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The job's common fields in the API's shape (snake_case, ISO dates). */
export function jobSummaryFields<Status, Stage>(row: JobRow<Status, Stage>) {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
