import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

interface TableHeaderProps {
  /** Text columns, then the numbers' columns, which read right-aligned. */
  text: string[];
  numbers?: string[];
}

export function TableHeader({ text, numbers = [] }: TableHeaderProps) {
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
