import DarkMode from '@mui/icons-material/DarkModeOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightnessOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { ThemeMode } from '../../domain';
import { useThemeMode } from '../theme/theme-mode';

const CHOICES: { mode: ThemeMode; label: string; Icon: typeof LightMode }[] = [
  { mode: 'light', label: 'Light', Icon: LightMode },
  { mode: 'dark', label: 'Dark', Icon: DarkMode },
  { mode: 'system', label: 'System', Icon: SettingsBrightness },
];

export function ThemeToggle() {
  const { mode, scheme, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const CurrentIcon = scheme === 'dark' ? DarkMode : LightMode;
  return (
    <>
      <IconButton aria-label="Toggle theme" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <CurrentIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CHOICES.map(({ mode: choice, label, Icon }) => (
          <MenuItem
            key={choice}
            selected={choice === mode}
            onClick={() => {
              setMode(choice);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
