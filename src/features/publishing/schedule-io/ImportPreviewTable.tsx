// The import preview: one table row per file row, numbered as a spreadsheet numbers them, with
// what each row resolved to and, for a row that cannot be created, every reason in plain words.
import { Badge, List, Table, Text } from '@mantine/core';
import type { ImportPreviewRow } from '../../../../contract';
import { platformLabel } from '../format';
import { formatInZone } from '../time-zone';

function RowResult({ row }: { row: ImportPreviewRow }) {
  if (!row.ok) {
    return (
      <>
        <Badge color="red" variant="light">
          Skipped
        </Badge>
        <List size="sm" mt={4}>
          {row.errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      </>
    );
  }
  return (
    <>
      <Badge color="teal" variant="light">
        Ready
      </Badge>
      {row.warnings.length > 0 && (
        <List size="sm" mt={4}>
          {row.warnings.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}

export function ImportPreviewTable({ rows, captionId }: { rows: ImportPreviewRow[]; captionId: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="xs" aria-describedby={captionId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Video</Table.Th>
            <Table.Th scope="col">Accounts</Table.Th>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Caption</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Th scope="row">{row.row}</Table.Th>
              <Table.Td>{row.video?.title ?? row.input.video}</Table.Td>
              <Table.Td>{row.accounts.length > 0 ? row.accounts.map((account) => `${platformLabel(account.platform)}: ${account.name}`).join(', ') : row.input.accounts}</Table.Td>
              <Table.Td>{row.scheduled_at ? formatInZone(row.scheduled_at, row.timezone) : row.input.time}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                  {row.caption}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowResult row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
