/**
 * The result grid of a query (issue 15): one column per field of the result, in its order (names may repeat),
 * a row number, NULL shown greyed, long texts cut with the whole value in the cell's title; the table scrolls
 * inside its own frame with a sticky header.
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { QueryAnswer } from './dbmsApi';

const cellText = (v: string | number | boolean | null) => (v === null ? 'NULL' : String(v));

export const ResultGrid = ({ answer }: { answer: QueryAnswer }) => (
  <TableContainer sx={{ maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="dbms-grid">
    <Table size="small" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 48, color: 'text.secondary' }}>#</TableCell>
          {answer.columns.map((c, i) => <TableCell key={i} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="dbms-grid-column">{c.name}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {answer.rows.map((row, r) => (
          <TableRow key={r} hover data-testid="dbms-grid-row">
            <TableCell sx={{ color: 'text.secondary' }}>{r + 1}</TableCell>
            {row.map((v, i) => (
              <TableCell key={i} title={cellText(v)} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', color: v === null ? 'text.disabled' : undefined }}>
                {cellText(v)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
