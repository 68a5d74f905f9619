import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshdeskTicket } from '../illustrations/freshdesk-ticket';

export const WALKTHROUGH_STEPS = 4;
export const WALKTHROUGH_STEP_MS = 3500;

/**
 * The fresh_desk work example: a click-to-play walkthrough drawn in SVG. Nothing plays or loads before the
 * click, and nothing is ever fetched from another site (no video host, no cookies).
 */
export function Walkthrough() {
  const { t } = useTranslation('buy');
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const finished = step === WALKTHROUGH_STEPS && !playing;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => {
      if (step >= WALKTHROUGH_STEPS) setPlaying(false);
      else setStep(step + 1);
    }, WALKTHROUGH_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, step]);

  function play() {
    if (step === 0 || finished) setStep(1);
    setPlaying(true);
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('work_fresh_desk_intro')}
      </Typography>
      <Box sx={{ position: 'relative' }}>
        <FreshdeskTicket label={t('work_fresh_desk_poster')} step={step} />
        {step === 0 && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Button variant="contained" size="large" startIcon={<PlayArrowIcon />} onClick={play}>
              {t('work_fresh_desk_play')}
            </Button>
          </Box>
        )}
      </Box>
      {step > 0 && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={(step / WALKTHROUGH_STEPS) * 100}
            aria-label={t('work_fresh_desk_progress', { current: step, total: WALKTHROUGH_STEPS })}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            justifyContent="space-between"
            alignItems={{ sm: 'center' }}
          >
            <Typography aria-live="polite">
              <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
                {t('work_fresh_desk_progress', { current: step, total: WALKTHROUGH_STEPS })}
              </Box>
              {t(`work_fresh_desk_step_${step}`)}
            </Typography>
            <Button
              startIcon={finished ? <ReplayIcon /> : playing ? <PauseIcon /> : <PlayArrowIcon />}
              onClick={playing ? () => setPlaying(false) : play}
            >
              {t(finished ? 'work_fresh_desk_replay' : playing ? 'work_fresh_desk_pause' : 'work_fresh_desk_resume')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
