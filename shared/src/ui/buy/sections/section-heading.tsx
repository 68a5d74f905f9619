import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { name: string; title: string; id?: string; children: ReactNode };

/** A buy section with its h2, which labels it (id `buy-${name}-title`); `id`: the section's own (a link target). */
export function BuySection({ name, title, id, children }: Props) {
  return (
    <Box component="section" id={id} aria-labelledby={`buy-${name}-title`} sx={{ mb: 6, scrollMarginTop: 80 }}>
      <Typography id={`buy-${name}-title`} variant="h2" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
