import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { createElement, lazy } from 'react';
import type { PageDeclaration } from '../../app/declaration';

interface PlaceholderOptions {
  name: string;
  path: string;
  title: string;
  description?: string;
  /** Sidebar placement; absent for a route the sidebar does not list. */
  icon?: typeof SvgIcon;
  parent?: string;
}

/** A route showing a 'coming soon' page, declared like any other console entry. */
function placeholderPage({
  name,
  path,
  title,
  description = `${title} is coming soon.`,
  icon,
  parent,
}: PlaceholderOptions): PageDeclaration {
  return {
    kind: 'page',
    name,
    path,
    menu: icon ? { label: title, icon, parent } : undefined,
    page: lazy(async () => {
      const { ComingSoon } = await import('../../components/ComingSoon');
      return { default: () => createElement(ComingSoon, { title, description }) };
    }),
  };
}

export const categoriesPage = placeholderPage({
  name: 'categories',
  path: '/catalog/categories',
  title: 'Categories',
  description: 'Categories management is coming soon.',
  icon: CategoryOutlined,
  parent: 'catalog',
});
/** The planned screens after the resources, in sidebar order. */
export const laterPages = [
  placeholderPage({ name: 'vendors', path: '/vendors', title: 'Vendors', icon: StorefrontOutlined }),
  placeholderPage({ name: 'content', path: '/content', title: 'Content', icon: DescriptionOutlined }),
  placeholderPage({ name: 'payments', path: '/payments', title: 'Payments', icon: PaymentsOutlined }),
  placeholderPage({ name: 'analytics', path: '/analytics', title: 'Analytics', icon: InsightsOutlined }),
  placeholderPage({ name: 'support', path: '/support', title: 'Support', icon: SupportAgentOutlined }),
  placeholderPage({ name: 'settings', path: '/settings', title: 'Settings', icon: SettingsOutlined }),
];
