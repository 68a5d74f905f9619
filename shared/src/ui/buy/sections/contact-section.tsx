import Box from '@mui/material/Box';
import { ContactForm } from '../../deferred-ui';
import { useNearViewport } from '../../use-near-viewport';

/**
 * 'Need help?' — the shared contact form as the last buy section. Its code (the form library, the inputs) loads as
 * the visitor nears it, not with the page: most visits of a buy page end above it (the route's JavaScript budget). Until
 * then its place is kept, so the page does not jump.
 */
export function ContactSection() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <Box ref={ref} sx={{ mb: 4, minHeight: near ? undefined : 480 }}>
      {near && <ContactForm />}
    </Box>
  );
}
