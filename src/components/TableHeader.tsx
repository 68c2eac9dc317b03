import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** Text columns, then the numbers' columns, which read right-aligned. */
export function TableHeader({ text, numbers = [] }: { text: string[]; numbers?: string[] }) {
  return (
    <TableHead>
      <TableRow>
        {text.map((label) => (
          <TableCell key={label}>{label}</TableCell>
        ))}
        {numbers.map((label) => (
          <TableCell key={label} align="right">
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
