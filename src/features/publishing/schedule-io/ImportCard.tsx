// The CSV import: choose or paste a file, check it (the server resolves every row and says what
// is wrong with each, creating nothing), then create the rows that are ready. Rows with errors
// are skipped and counted: fix them in the file and import just those rows again.
import { Button, Card, Code, FileInput, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileImport, IconTableImport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { IMPORT_MAX_CSV_CHARS, type ImportPost, type ImportPreviewResponse } from '../../../../contract';
import { errorMessage, fieldErrors } from '../../../api';
import { refreshCalendar, refreshPublishing } from '../data';
import { ErrorAlert, SuccessAlert } from '../../../ui/FormAlert';
import { plural } from '../../../ui/format-count';
import { ImportPreviewTable } from './ImportPreviewTable';
import { importPosts, previewImport } from '../data/schedule-io-http';

interface Checked {
  preview: ImportPreviewResponse;
  /** The ready rows with the ids chosen now, so a resent "Create" names the same posts. */
  rows: ImportPost[];
  idempotencyKey: string;
}

/** "Row 4: The selected video does not exist." from the import's 422 (rows.N.field). */
function importFailure(error: unknown, checked: Checked): string {
  const lines = Object.entries(fieldErrors(error)).map(([field, messages]) => {
    const index = Number(/^rows\.(\d+)\./.exec(field)?.[1] ?? NaN);
    const row = Number.isInteger(index) ? checked.preview.rows.filter((entry) => entry.ok)[index]?.row : undefined;
    return `${row ? `Row ${row}: ` : ''}${messages.join(' ')}`;
  });
  return lines.length > 0 ? `Nothing was created. ${lines.join(' ')}` : errorMessage(error, 'The posts could not be created.');
}

export function ImportCard({ online, timeZone }: { online: boolean; timeZone: string }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const captionId = useId();

  const check = async () => {
    setFailure(null);
    setDone(null);
    setChecked(null);
    const csv = file ? await file.text() : text;
    if (!csv.trim()) return setFailure('Choose a CSV file or paste its text first.');
    if (csv.length > IMPORT_MAX_CSV_CHARS) return setFailure('The file is too large; split it into files of at most 500 posts.');
    setChecking(true);
    try {
      const preview = await previewImport(csv, timeZone);
      const rows = preview.rows.flatMap((row) => (row.ok && row.post ? [{ ...row.post, id: crypto.randomUUID() }] : []));
      setChecked({ preview, rows, idempotencyKey: crypto.randomUUID() });
    } catch (error) {
      setFailure(fieldErrors(error).csv?.[0] ?? errorMessage(error, 'The file could not be checked.'));
    } finally {
      setChecking(false);
    }
  };

  const create = async () => {
    if (!checked) return;
    setCreating(true);
    setFailure(null);
    try {
      const result = await importPosts(checked.rows, checked.idempotencyKey);
      setDone(result.message);
      setChecked(null);
      setText('');
      setFile(null);
      void refreshPublishing();
      void refreshCalendar().catch(() => undefined);
    } catch (error) {
      setFailure(importFailure(error, checked));
    } finally {
      setCreating(false);
    }
  };

  const valid = checked?.preview.valid ?? 0;
  const invalid = checked?.preview.invalid ?? 0;
  return (
    <Card withBorder component="section" aria-labelledby="schedule-import-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="schedule-import-title">
          Import posts from CSV
        </Title>
        <Text size="sm" c="dimmed">
          One post per row with the columns <Code>video</Code> (its exact title or id), <Code>accounts</Code> (e.g. <Code>youtube:My channel</Code>, several separated by
          semicolons), <Code>scheduled_at</Code> (e.g. <Code>2030-06-01 09:30</Code>) and, if you like, <Code>timezone</Code>, <Code>caption</Code> and{' '}
          <Code>youtube_title</Code>. Times without a zone are read in {timeZone.replace(/_/g, ' ')}. You see every row before anything is created.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept=".csv,text/csv"
          clearable
          value={file}
          onChange={(next) => {
            setFile(next);
            setChecked(null);
          }}
          leftSection={<IconFileImport size={16} aria-hidden />}
          disabled={!online}
        />
        <Textarea
          label="Or paste the CSV"
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setChecked(null);
          }}
          disabled={!online || file !== null}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group>
          <Button leftSection={<IconTableImport size={16} aria-hidden />} onClick={() => void check()} loading={checking} disabled={!online}>
            Check file
          </Button>
          {!online && <Text size="sm">Importing needs a connection.</Text>}
        </Group>
        {failure && <ErrorAlert title="Import">{failure}</ErrorAlert>}
        {done && <SuccessAlert title="Imported">{done} They are on the Posts tab and the calendar.</SuccessAlert>}
        {checked && (
          <Stack gap="xs">
            <Text id={captionId} role="status" fw={500}>
              {plural(valid, 'row is ready', 'rows are ready')}
              {invalid > 0 ? `; ${plural(invalid, 'row has errors and will be skipped', 'rows have errors and will be skipped')}` : ''}.
              {checked.preview.ignored_columns.length > 0 ? ` Columns not read: ${checked.preview.ignored_columns.join(', ')}.` : ''}
            </Text>
            <ImportPreviewTable rows={checked.preview.rows} captionId={captionId} />
            {valid > 0 ? (
              <Group>
                <Button onClick={() => void create()} loading={creating} disabled={!online}>
                  {`Create ${plural(valid, 'post', 'posts')}`}
                </Button>
                <Button variant="subtle" onClick={() => setChecked(null)} disabled={creating}>
                  Cancel
                </Button>
              </Group>
            ) : (
              <Text size="sm">No row can be created yet: fix the file and check it again.</Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

