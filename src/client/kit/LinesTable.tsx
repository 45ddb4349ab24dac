/**
 * A document's lines, read-only (view dialogs): a numbered table whose columns the screen chooses. Headers
 * are `${ns}.line.<key>` (the row number `${ns}.line.no`); no lines shows `${ns}.form.no_lines`. Test ids
 * `${testId}-view-lines` (table) and `${testId}-view-line` (row).
 */
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { keyOf, testIdOf, type DocumentNames } from './names';

export interface LineColumn<L> {
  /** Header `${ns}.line.<key>`. */
  key: string;
  /** Header label key when it is not `${ns}.line.<key>` (e.g. a manifest label). */
  label?: string;
  align?: 'right';
  render: (line: L) => ReactNode;
}

/**
 * The frame of a lines table: bordered, small, one header row of translated `heads` (message keys), the rows
 * given as children. Shared by the read-only lines below and the scanning screens' line tables.
 */
export const LinesFrame = ({ testId, heads, children }: { testId: string; heads: string[]; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {heads.map((h, i) => (
              <TableCell key={`${h}/${i}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(h)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
};

/** '—' for a missing value. */
export const orDash = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : String(v));

export const LinesTable = <L extends { id?: number | string }>({ names, lines, columns }: { names: DocumentNames; lines: L[]; columns: LineColumn<L>[] }) => {
  const translate = useTranslate();
  const span = columns.length + 1;
  return (
    <LinesFrame testId={testIdOf(names, 'view-lines')} heads={[keyOf(names, 'line.no'), ...columns.map((c) => c.label ?? keyOf(names, `line.${c.key}`))]}>
      {lines.length === 0 ? (
        <TableRow>
          <TableCell colSpan={span} align="center" sx={{ color: 'text.secondary' }}>
            {translate(keyOf(names, 'form.no_lines'))}
          </TableCell>
        </TableRow>
      ) : (
        lines.map((l, i) => (
          <TableRow key={l.id ?? i} data-testid={testIdOf(names, 'view-line')}>
            <TableCell>{i + 1}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.render(l)}
              </TableCell>
            ))}
          </TableRow>
        ))
      )}
    </LinesFrame>
  );
};
