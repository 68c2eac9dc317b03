import DarkMode from '@mui/icons-material/DarkModeOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightnessOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import { useColorScheme } from '@mui/material/styles';
import type { ThemeMode } from '../../domain';
import { IconMenuItem } from '../IconMenuItem';
import { useMenu } from '../useMenu';

const CHOICES: { mode: ThemeMode; label: string; Icon: typeof LightMode }[] = [
  { mode: 'light', label: 'Light', Icon: LightMode },
  { mode: 'dark', label: 'Dark', Icon: DarkMode },
  { mode: 'system', label: 'System', Icon: SettingsBrightness },
];

export function ThemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const menu = useMenu();
  const CurrentIcon = (mode === 'system' ? systemMode : mode) === 'dark' ? DarkMode : LightMode;
  return (
    <>
      <IconButton aria-label="Toggle theme" aria-haspopup="menu" onClick={menu.open}>
        <CurrentIcon />
      </IconButton>
      <Menu {...menu.props}>
        {CHOICES.map(({ mode: choice, label, Icon }) => (
          <IconMenuItem key={choice} selected={choice === mode} onClick={menu.choose(() => setMode(choice))} icon={Icon} label={label} />
        ))}
      </Menu>
    </>
  );
}
