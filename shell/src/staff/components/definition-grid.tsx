import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A definition list (`dt`/`dd` pairs) laid out as a grid: labels above their values on phones, in a column of their
 * own (`labelColumn` wide) from `sm` up.
 */
export function DefinitionGrid({
  labelColumn,
  rowGap,
  alignItems,
  children,
}: {
  labelColumn: string;
  rowGap: number;
  alignItems?: 'center';
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `${labelColumn} 1fr` },
        columnGap: 2,
        rowGap,
        alignItems,
      }}
    >
      {children}
    </Box>
  );
}
