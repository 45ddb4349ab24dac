/**
 * The top bar's full-screen switch (Fullscreen API on the whole page); its icon follows the browser's state
 * (Esc leaves full screen too). Absent where the browser offers no full screen. Test id: `fullscreen-button`.
 */
import { useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useTranslate } from 'react-admin';

const isFull = () => typeof document !== 'undefined' && !!document.fullscreenElement;

export const FullScreenButton = () => {
  const translate = useTranslate();
  const [full, setFull] = useState(isFull);
  useEffect(() => {
    const onChange = () => setFull(isFull());
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = translate(full ? 'app.shell.fullscreen.exit' : 'app.shell.fullscreen.enter');
  const toggle = () => {
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // refused (no user gesture, policy): stay as we are
    void done?.catch(() => setFull(isFull()));
  };
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} data-testid="fullscreen-button" aria-pressed={full} onClick={toggle}>
        {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
};
