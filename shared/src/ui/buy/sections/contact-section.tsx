import Box from '@mui/material/Box';
import { ContactForm } from '../../contact-form';

/** 'Need help?' — the shared contact form as the last buy section. */
export function ContactSection() {
  return (
    <Box sx={{ mb: 4 }}>
      <ContactForm />
    </Box>
  );
}
