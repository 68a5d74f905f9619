import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** h2 of a buy section; `id` labels the section. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h2" component="h2" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
