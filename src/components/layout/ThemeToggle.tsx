import DarkMode from '@mui/icons-material/DarkModeOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightnessOutlined';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import type { ThemeMode } from '../../domain';
import { onDemand } from '../on-demand';
import { useMenu } from '../useMenu';

export const THEME_CHOICES: { mode: ThemeMode; label: string; Icon: typeof LightMode }[] = [
  { mode: 'light', label: 'Light', Icon: LightMode },
  { mode: 'dark', label: 'Dark', Icon: DarkMode },
  { mode: 'system', label: 'System', Icon: SettingsBrightness },
];

const ThemeMenu = onDemand(
  () => import('./ThemeMenu'),
  ({ menu }) => menu.isOpen,
);

export function ThemeToggle() {
  const { mode, systemMode } = useColorScheme();
  const menu = useMenu();
  const CurrentIcon = (mode === 'system' ? systemMode : mode) === 'dark' ? DarkMode : LightMode;
  return (
    <>
      <IconButton aria-label="Toggle theme" aria-haspopup="menu" onClick={menu.open}>
        <CurrentIcon />
      </IconButton>
      <ThemeMenu menu={menu} />
    </>
  );
}
